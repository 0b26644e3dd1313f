import { DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { EvidenceSigningModule } from './attestation-evidence/evidence-signing.module';
import { AttestationPageModule } from './attestation-page/attestation-page.module';
import { AttestationRequestsModule } from './attestation-requests/attestation-requests.module';
import { BulkActionsModule } from './bulk-actions/bulk-actions.module';
import { CoreModule, CoreOptions } from './core.module';
import { DocumentsModule } from './documents/documents.module';
import { EventsModule } from './events/events.module';
import { GroupMembershipsModule } from './groups/group-memberships.module';
import { GroupsModule } from './groups/groups.module';
import { IdentityModule } from './identity/identity.module';
import { ListCountersModule } from './list-counters/list-counters.module';
import { PeopleModule } from './people/people.module';
import { SignInModule } from './sign-in/sign-in.module';
import { StandingsModule } from './standings/standings.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The feature modules: the same in the API, the worker and the CLI. */
export const FEATURE_MODULES = [
  IdentityModule,
  PeopleModule,
  DocumentsModule,
  GroupsModule,
  AttestationRequestsModule,
  GroupMembershipsModule,
  AttestationPageModule,
  EventsModule,
  WebhooksModule,
  ListCountersModule,
  SignInModule,
  StandingsModule,
  BulkActionsModule,
  EvidenceSigningModule,
];

/**
 * The features without HTTP, which the worker builds on and the admin CLI runs alone. It lives apart from
 * app.module.ts so that a CLI command does not even load the API's own modules (console, SCIM, certificates, the
 * API description, health, metrics endpoint): each command is a process of its own, and loading is most of its time.
 */
@Module({})
export class BackgroundModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: BackgroundModule,
      // The identity module's guards are providers there and need a ThrottlerStorage to be constructed, even
      // though nothing here serves HTTP.
      imports: [CoreModule.forRoot(options), ThrottlerModule.forRoot({ throttlers: [] }), ...FEATURE_MODULES],
    };
  }
}
