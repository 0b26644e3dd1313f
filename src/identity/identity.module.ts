import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditLogModule } from '../audit-log/audit-log.module';
import { ApiTokenRepository } from './application/api-token.repository';
import { AuthenticateApiToken } from './application/authenticate-api-token.use-case';
import { ChangeOrganizationBilling } from './application/change-organization-billing.use-case';
import { CreateApiToken } from './application/create-api-token.use-case';
import { ChangeMember } from './application/change-member.use-case';
import { ChangeOrganizationSettings } from './application/change-organization-settings.use-case';
import { OrganizationSettings } from './application/organization-settings';
import { ShowOrganizationSettings } from './application/show-organization-settings.use-case';
import { TypeormOrganizationSettings } from './infrastructure/typeorm-organization-settings';
import { CreateOrganization } from './application/create-organization.use-case';
import { CreateUser } from './application/create-user.use-case';
import { IssueApiToken } from './application/issue-api-token.use-case';
import { JoinOrganization } from './application/join-organization.use-case';
import { ListApiTokens } from './application/list-api-tokens.use-case';
import { OrganizationRepository } from './application/organization.repository';
import { RevokeApiToken } from './application/revoke-api-token.use-case';
import { UserRepository } from './application/user.repository';
import { ApiTokensController } from './http/api-tokens.controller';
import { AuthenticationGuard } from './http/authentication.guard';
import { MeController } from './http/me.controller';
import { OrganizationController } from './http/organization.controller';
import { RateLimiter } from './http/rate-limit';
import { RateLimitGuard } from './http/rate-limit.guard';
import { RoleGuard } from './http/role.guard';
import { SubscriptionGuard } from './http/subscription.guard';
import { TypeormApiTokenRepository } from './infrastructure/typeorm-api-token.repository';
import { TypeormOrganizationRepository } from './infrastructure/typeorm-organization.repository';
import { TypeormUserRepository } from './infrastructure/typeorm-user.repository';
import { OrganizationRecord } from './infrastructure/organization.record';
import { UserRecord } from './infrastructure/user.record';
import { OrganizationMembershipRecord } from './infrastructure/organization-membership.record';
import { ApiTokenRecord } from './infrastructure/api-token.record';

const useCases = [
  AuthenticateApiToken,
  CreateOrganization,
  ChangeOrganizationBilling,
  ChangeOrganizationSettings,
  ShowOrganizationSettings,
  CreateUser,
  JoinOrganization,
  IssueApiToken,
  ListApiTokens,
  RevokeApiToken,
  CreateApiToken,
  ChangeMember,
];

@Module({
  imports: [
    TypeOrmModule.forFeature([OrganizationRecord, UserRecord, OrganizationMembershipRecord, ApiTokenRecord]),
    AuditLogModule,
  ],
  controllers: [MeController, ApiTokensController, OrganizationController],
  providers: [
    { provide: OrganizationRepository, useClass: TypeormOrganizationRepository },
    { provide: UserRepository, useClass: TypeormUserRepository },
    { provide: ApiTokenRepository, useClass: TypeormApiTokenRepository },
    { provide: OrganizationSettings, useClass: TypeormOrganizationSettings },
    ...useCases,
    RateLimiter,
    AuthenticationGuard,
    RateLimitGuard,
    SubscriptionGuard,
    RoleGuard,
  ],
  exports: [
    ...useCases,
    OrganizationRepository,
    UserRepository,
    RateLimiter,
    AuthenticationGuard,
    RateLimitGuard,
    SubscriptionGuard,
    RoleGuard,
  ],
})
export class IdentityModule {}
