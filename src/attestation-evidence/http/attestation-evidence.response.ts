import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, ResponseSchema } from '@lib/http';
import { AttestationRequestResponse } from '../../attestation-requests/http/attestation-request.response';
import { EventResponse } from '../../events/http/event.response';

const SHA256 = {
  type: String,
  pattern: '^[0-9a-f]{64}$',
  example: 'a3f1c09e5b7d2f4e6a8c0b1d3f5e7a9c2b4d6f8e0a1c3e5b7d9f1a3c5e7b9d0f',
} as const;

@ResponseSchema('EvidenceDocument', 'The document of the request, by the name it has now.')
export class EvidenceDocumentResponse {
  @ApiUlid('The document.')
  id!: string;

  @ApiProperty({ description: "The document's name.", example: 'Code of conduct' })
  name!: string;
}

@ResponseSchema('EvidenceRevision', 'The published revision the request sent for signature.')
export class EvidenceRevisionResponse {
  @ApiUlid('The revision (the request’s `document_revision_id`).')
  id!: string;

  @ApiDateTime('When it was published.', { nullable: true })
  published_at!: string | null;

  @ApiProperty({
    ...SHA256,
    description:
      'Lowercase hex SHA-256 of the revision’s text as published (UTF-8): the fingerprint the attestation page ' +
      'shows under the document.',
  })
  content_sha256!: string;
}

@ResponseSchema('EvidenceAttestation', 'The audit entry written when the recipient signed; it never changes.')
export class EvidenceAttestationResponse {
  @ApiProperty({ description: 'The name the signer typed, as recorded.', maxLength: 255, example: 'Ada Lovelace' })
  typed_name!: string;

  @ApiProperty({
    description:
      "Whether the typed name is the recipient's first and last name, in either order (also `last, first`), " +
      'ignoring case, accents, punctuation and spacing. Anything else (a middle name, initials, any word more) is ' +
      'accepted and flagged false.',
  })
  name_matches_recipient!: boolean;

  @ApiDateTime('When the recipient signed; equals the request’s `attested_at`.')
  attested_at!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The client address as the service resolved it (`TRUST_PROXY`), in text form.',
    example: '203.0.113.7',
  })
  ip!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The signer's `User-Agent`, at most 1024 characters.",
    example: 'Mozilla/5.0 …',
  })
  user_agent!: string | null;

  @ApiProperty({
    ...SHA256,
    description: 'SHA-256 of the text the signer was shown; equals the revision’s `content_sha256`.',
  })
  content_sha256!: string;
}

@ResponseSchema('EvidenceDecline', 'The recipient declined the request on its page.')
export class EvidenceDeclineResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 1000,
    description: "The recipient's own words, as they gave them (trimmed); null when they gave none.",
    example: 'I have left the company.',
  })
  reason!: string | null;

  @ApiDateTime('When the recipient declined; equals the request’s `canceled_at`.')
  declined_at!: string;
}

@ResponseSchema('AttestationEvidence', 'What an auditor files to prove who signed which text, when and from where.')
@ApiExtraModels(EvidenceAttestationResponse, EvidenceDeclineResponse)
export class AttestationEvidenceResponse {
  @ApiProperty({ type: () => AttestationRequestResponse, description: 'The request, as the API shows it.' })
  attestation_request!: AttestationRequestResponse;

  @ApiProperty({ type: () => EvidenceDocumentResponse })
  document!: EvidenceDocumentResponse;

  @ApiProperty({ type: () => EvidenceRevisionResponse })
  revision!: EvidenceRevisionResponse;

  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(EvidenceAttestationResponse) }, { type: 'null' }],
    description: 'The signature, or null while the request is not signed.',
  })
  attestation!: EvidenceAttestationResponse | null;

  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(EvidenceDeclineResponse) }, { type: 'null' }],
    description: 'When the recipient declined (`cancel_reason` `declined`): their reason; otherwise null.',
  })
  decline!: EvidenceDeclineResponse | null;

  @ApiProperty({
    type: [EventResponse],
    description: "The request's events, oldest first, as `GET /attestation-requests/{id}/events` lists them.",
  })
  events!: EventResponse[];
}
