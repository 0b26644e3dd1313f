import { Module } from '@nestjs/common';
import { RouteCatalog } from '@lib/http';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { IdentityModule } from '../identity/identity.module';
import { SignInModule } from '../sign-in/sign-in.module';
import { StandingsModule } from '../standings/standings.module';
import { ApiSettingsController } from './http/api-settings.controller';
import { AuditLogPageController } from './http/audit-log-page.controller';
import { ConsoleDoor } from './http/console-door';
import { ConsoleExportsController } from './http/console-exports.controller';
import { ConsoleNotFoundController } from './http/console-not-found.controller';
import { MembersController } from './http/members.controller';
import { SignInController } from './http/sign-in.controller';
import { SingleSignOnController } from './http/single-sign-on.controller';

/**
 * The console: server-rendered pages at /console on the API's port, for the organization's users. A door over the
 * same use-cases as the API; what is its own is sessions' cookies, CSRF and the pages.
 */
@Module({
  imports: [IdentityModule, SignInModule, AuditLogModule, StandingsModule],
  controllers: [
    SignInController,
    ApiSettingsController,
    MembersController,
    AuditLogPageController,
    SingleSignOnController,
    ConsoleExportsController,
    // Last: it answers the paths under /console that none of the pages above claims.
    ConsoleNotFoundController,
  ],
  providers: [ConsoleDoor, RouteCatalog],
})
export class ConsoleModule {}
