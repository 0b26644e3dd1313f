import { Controller, Param, Post } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ResponseSchema, UlidPathPipe } from '@lib/http';
import { RequestEndpoint } from '../../attestation-requests/http/attestation-requests-endpoints';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { CreateSigningUrl } from '../application/create-signing-url.use-case';

@ResponseSchema('SigningUrl', "A one-time link to a request's attestation page.")
export class SigningUrlResponse {
  @ApiProperty({
    format: 'uri',
    description: 'Opens the page once; the page then continues in that browser for 12 hours.',
    example: 'https://attest.example.com/attest/link/Q2hhbmdlIG1lIHRvIGEgcmFuZG9tIHRva2VuIG9mIDQz',
  })
  url!: string;

  @ApiDateTime('Until when the link can be opened: 10 minutes after it was made.')
  expires_at!: string;
}

/** A link to the page for the integrator's own channel or frame (docs/api-guide.md#signing-without-the-email). */
@Controller('attestation-requests')
export class SigningUrlController {
  constructor(private readonly createSigningUrl: CreateSigningUrl) {}

  /** No body is read; a JSON one is ignored. */
  @Post(':id/signing-url')
  @RequestEndpoint({
    operationId: 'createSigningUrl',
    summary: 'Make a signing URL',
    description:
      "A link to an open request's attestation page, valid for 10 minutes and for one page load, which then " +
      'continues in a session cookie of that browser, so it can be sent through any channel or opened in the ' +
      "integrator's own page (framing is allowed to the organization's `signing_frame_origins`). An expired or " +
      'already used link shows a page saying so (410). Each call makes a new link; earlier ones stay valid.',
    success: { status: 201, description: 'The link and its expiry.', type: SigningUrlResponse },
    jsonBody: true,
    conflict: 'The request is final: `{"error":"The attestation request is attested."}` (or canceled, expired).',
  })
  async create(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    const link = await this.createSigningUrl.execute({ organizationId: principal.organization.id, requestId: id });
    return { url: link.url, expires_at: link.expiresAt.toISOString() };
  }
}
