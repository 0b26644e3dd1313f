import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiTagEndpoints } from '@lib/http';
import type { Actor } from '../application/actor';
import { CurrentActor } from './current-actor.decorator';
import { ChangeOrganizationSettings } from '../application/change-organization-settings.use-case';
import type { Principal } from '../application/principal';
import { ShowOrganizationSettings } from '../application/show-organization-settings.use-case';
import { CurrentPrincipal } from './current-principal.decorator';
import { UpdateOrganizationBody } from './organization.dto';
import { presentOrganization } from './organization.presenter';
import { OrganizationResponse } from './organization.response';

const OrganizationEndpoint = ApiTagEndpoints('Organization');

/** The token's own organization and its settings (owners and administrators). */
@Controller('organization')
export class OrganizationController {
  constructor(
    private readonly showSettings: ShowOrganizationSettings,
    private readonly changeSettings: ChangeOrganizationSettings,
  ) {}

  @Get()
  @OrganizationEndpoint({
    operationId: 'showOrganization',
    summary: "Show the token's organization",
    description: 'Its name and settings.',
    success: { status: 200, description: 'The organization with its settings.', type: OrganizationResponse },
  })
  async show(@CurrentPrincipal() principal: Principal) {
    return presentOrganization(await this.showSettings.execute({ organizationId: principal.organization.id }));
  }

  @Patch()
  @OrganizationEndpoint({
    operationId: 'updateOrganization',
    summary: "Change the organization's settings",
    description:
      '`default_locale`: the language of the emails, attestation page and certificate of people who have no ' +
      '`locale` of their own. `signing_frame_origins`: who may frame the attestation page (an invalid origin is ' +
      '422 on `signing_frame_origins.N`). Fields not given stay as they are; a change is written to the audit log.',
    success: { status: 200, description: 'The organization with its settings.', type: OrganizationResponse },
    jsonBody: true,
    unprocessable:
      '`default_locale` is not a supported language (the message lists them), or null or empty; an origin that ' +
      'is not `https://host[:port]` (or `http://localhost…`), or more than 20 of them.',
  })
  async update(@CurrentActor() actor: Actor, @Body() body: UpdateOrganizationBody) {
    const view = await this.changeSettings.execute({
      actor,
      changes: { defaultLocale: body.default_locale, signingFrameOrigins: body.signing_frame_origins },
    });
    return presentOrganization(view);
  }
}
