import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConsoleLinkRecord } from './infrastructure/console-link.record';
import { ConsoleSessionRecord } from './infrastructure/console-session.record';
import { SsoSettingsRecord } from './infrastructure/sso-settings.record';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { IdentityModule } from '../identity/identity.module';
import { ConsoleLinkEmails } from '../notifications/application/console-link-emails';
import { NotificationsModule } from '../notifications/notifications.module';
import { AppConfig } from '../config/app-config';
import { ConsoleLinkRepository } from './application/console-link.repository';
import { ConsoleSessionRepository } from './application/console-session.repository';
import { ConsoleUrls } from './application/console-urls';
import { CreateSignInLink } from './application/create-sign-in-link.use-case';
import { InviteMember } from './application/invite-member.use-case';
import { ConfigureSso } from './application/configure-sso.use-case';
import { FinishSsoSignIn, StartSsoSignIn } from './application/single-sign-on.use-cases';
import { StartConsoleSession } from './application/start-console-session';
import { SsoClientSecrets } from './application/sso-client-secrets';
import { SsoSettingsRepository } from './application/sso-settings.repository';
import { OpenIdProvider } from './application/open-id-provider';
import { AesSsoClientSecrets } from './infrastructure/aes-sso-client-secrets';
import { OpenIdClientProvider } from './infrastructure/openid-client-provider';
import { TypeormSsoSettingsRepository } from './infrastructure/typeorm-sso-settings.repository';
import { ListMembers } from './application/list-members.use-case';
import { RedeemConsoleLink } from './application/redeem-console-link.use-case';
import { RequestSignInLink } from './application/request-sign-in-link.use-case';
import { ResolveConsoleSession } from './application/resolve-console-session.use-case';
import { SignInLimiter } from './application/sign-in-limiter';
import { SignOut } from './application/sign-out.use-case';
import { SwitchOrganization } from './application/switch-organization.use-case';
import { ConsoleLinkEmailsAdapter } from './infrastructure/console-link-emails.adapter';
import { ThrottlerSignInLimiter } from './infrastructure/throttler-sign-in-limiter';
import { TypeormConsoleLinkRepository } from './infrastructure/typeorm-console-link.repository';
import { TypeormConsoleSessionRepository } from './infrastructure/typeorm-console-session.repository';

const useCases = [
  RequestSignInLink,
  CreateSignInLink,
  RedeemConsoleLink,
  ResolveConsoleSession,
  SwitchOrganization,
  SignOut,
  ListMembers,
  InviteMember,
  ConfigureSso,
  StartSsoSignIn,
  FinishSsoSignIn,
];

/** Signing in to the console: links by email, server-side sessions, the choice of organization. */
@Module({
  imports: [
    TypeOrmModule.forFeature([ConsoleLinkRecord, ConsoleSessionRecord, SsoSettingsRecord]),
    IdentityModule,
    AuditLogModule,
    NotificationsModule,
  ],
  providers: [
    { provide: ConsoleLinkRepository, useClass: TypeormConsoleLinkRepository },
    { provide: ConsoleSessionRepository, useClass: TypeormConsoleSessionRepository },
    { provide: SignInLimiter, useClass: ThrottlerSignInLimiter },
    { provide: ConsoleLinkEmails, useClass: ConsoleLinkEmailsAdapter },
    { provide: SsoSettingsRepository, useClass: TypeormSsoSettingsRepository },
    { provide: OpenIdProvider, useClass: OpenIdClientProvider },
    {
      provide: SsoClientSecrets,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new AesSsoClientSecrets(config.appKey),
    },
    ConsoleUrls,
    StartConsoleSession,
    ...useCases,
  ],
  exports: [
    ...useCases,
    SsoSettingsRepository,
    ConsoleLinkEmails,
    ConsoleSessionRepository,
    ConsoleLinkRepository,
    ConsoleUrls,
  ],
})
export class SignInModule {}
