import { Module } from '@nestjs/common';
import { RouteCatalog } from '@lib/http';
import { AttestationEvidenceModule } from '../attestation-evidence/attestation-evidence.module';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { BulkActionsModule } from '../bulk-actions/bulk-actions.module';
import { DocumentsModule } from '../documents/documents.module';
import { GroupMembershipsModule } from '../groups/group-memberships.module';
import { GroupsModule } from '../groups/groups.module';
import { PeopleModule } from '../people/people.module';
import { StandingsModule } from '../standings/standings.module';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { IdentityModule } from '../identity/identity.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SignInModule } from '../sign-in/sign-in.module';
import { ApiSettingsController } from './http/api-settings.controller';
import { AuditLogPageController } from './http/audit-log-page.controller';
import { ConsoleDoor } from './http/console-door';
import { ConsoleExportsController } from './http/console-exports.controller';
import { GroupsController } from './http/groups.controller';
import { PeopleController } from './http/people.controller';
import { DocumentEditingController } from './http/document-editing.controller';
import { DocumentsController } from './http/documents.controller';
import { WebhooksController } from './http/webhooks.controller';
import { ConsoleNotFoundController } from './http/console-not-found.controller';
import { MembersController } from './http/members.controller';
import { SignInController } from './http/sign-in.controller';
import { SingleSignOnController } from './http/single-sign-on.controller';
import { ScopedDirectory } from './http/scoped-directory';

/**
 * The console: server-rendered pages at /console on the API's port, for the organization's users. A door over the
 * same use-cases as the API; what is its own is sessions' cookies, CSRF and the pages.
 */
@Module({
  imports: [
    IdentityModule,
    SignInModule,
    AuditLogModule,
    DocumentsModule,
    PeopleModule,
    GroupsModule,
    GroupMembershipsModule,
    AttestationRequestsModule,
    BulkActionsModule,
    AttestationEvidenceModule,
    StandingsModule,
    WebhooksModule,
  ],
  controllers: [
    SignInController,
    ApiSettingsController,
    MembersController,
    AuditLogPageController,
    SingleSignOnController,
    DocumentsController,
    DocumentEditingController,
    PeopleController,
    GroupsController,
    WebhooksController,
    ConsoleExportsController,
    // Last: it answers the paths under /console that none of the pages above claims.
    ConsoleNotFoundController,
  ],
  providers: [ConsoleDoor, RouteCatalog, ScopedDirectory],
})
export class ConsoleModule {}
