import { Body, Controller, Get, Patch, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiTagEndpoints } from '@lib/http';
import { ChangeOrganizationSettings } from '../application/change-organization-settings.use-case';
import type { Principal } from '../application/principal';
import { actorOf } from './api-tokens.controller';
import { CurrentPrincipal } from './current-principal.decorator';
import { UpdateOrganizationBody } from './organization.dto';
import { presentOrganization } from './organization.presenter';
import { OrganizationResponse } from './organization.response';

const OrganizationEndpoint = ApiTagEndpoints('Organization');

/** The token's own organization and its settings (owners and administrators). */
@Controller('organization')
export class OrganizationController {
  constructor(private readonly changeSettings: ChangeOrganizationSettings) {}

  @Get()
  @OrganizationEndpoint({
    operationId: 'showOrganization',
    summary: "Show the token's organization",
    description: 'Its name and settings.',
    success: { status: 200, description: 'The organization.', type: OrganizationResponse },
  })
  show(@CurrentPrincipal() principal: Principal) {
    // Read with the token, in the request's one credential query, like GET /me.
    return presentOrganization(principal.organization);
  }

  @Patch()
  @OrganizationEndpoint({
    operationId: 'updateOrganization',
    summary: "Change the organization's settings",
    description:
      '`default_locale`: the language of the emails, attestation page and certificate of people who have no ' +
      '`locale` of their own. Absent settings stay as they are.',
    success: { status: 200, description: 'The organization as it is now.', type: OrganizationResponse },
    jsonBody: true,
    unprocessable: '`default_locale` is not a supported language (the message lists them), or is null or empty.',
  })
  async update(
    @CurrentPrincipal() principal: Principal,
    @Body() body: UpdateOrganizationBody,
    @Req() request: Request,
  ) {
    const organization = await this.changeSettings.execute({
      actor: actorOf(principal, request),
      changes: { defaultLocale: body.default_locale },
    });
    return presentOrganization(organization);
  }
}
