import { Body, Controller, Patch } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiEndpoint, ApiUlid, Field, ResponseSchema, rules } from '@lib/http';
import { ChangeOrganizationSettings } from '../application/change-organization-settings.use-case';
import type { OrganizationSettingsView } from '../application/organization-settings';
import type { Principal } from '../application/principal';
import { MAX_FRAME_ORIGINS } from '../domain/frame-origins';
import { CurrentPrincipal } from './current-principal.decorator';

/** PATCH /organization: each field optional; one given replaces the current value. */
export class UpdateOrganizationBody {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'uri' },
    maxItems: MAX_FRAME_ORIGINS,
    description:
      'The origins (`https://host[:port]`; `http` only for localhost) that may show the attestation page in a ' +
      'frame, through its `Content-Security-Policy: frame-ancestors`. Replaces the list; `[]` allows none.',
    example: ['https://hr.example.com'],
  })
  @Field({}, rules.array, rules.maxItems(MAX_FRAME_ORIGINS))
  signing_frame_origins?: unknown[];
}

@ResponseSchema('Organization', "The token's organization and its settings.")
export class OrganizationResponse {
  @ApiUlid('The organization.')
  id!: string;

  @ApiProperty({ example: 'Analytical Engines Ltd' })
  name!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string' },
    description: 'The origins that may frame the attestation page (none by default).',
    example: ['https://hr.example.com'],
  })
  signing_frame_origins!: string[];
}

const present = (view: OrganizationSettingsView): OrganizationResponse => ({
  id: view.id,
  name: view.name,
  signing_frame_origins: view.signingFrameOrigins,
});

@Controller('organization')
export class OrganizationController {
  constructor(private readonly changeSettings: ChangeOrganizationSettings) {}

  @Patch()
  @ApiEndpoint({
    operationId: 'updateOrganization',
    tag: 'Organization',
    summary: "Change the organization's settings",
    description:
      'Owners and administrators. `signing_frame_origins`: who may frame the attestation page (an invalid ' +
      'origin is 422 on `signing_frame_origins.N`). Fields not given stay as they are.',
    success: { status: 200, description: 'The organization with its settings.', type: OrganizationResponse },
    jsonBody: true,
    unprocessable: 'An origin that is not `https://host[:port]` (or `http://localhost…`), or more than 20 of them.',
  })
  async update(@CurrentPrincipal() principal: Principal, @Body() body: UpdateOrganizationBody) {
    return present(
      await this.changeSettings.execute({
        organizationId: principal.organization.id,
        signingFrameOrigins: body.signing_frame_origins,
      }),
    );
  }
}
