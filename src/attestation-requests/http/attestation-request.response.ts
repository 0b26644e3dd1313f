import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, Paginated, ResponseSchema } from '@lib/http';
import { ATTESTATION_REQUEST_STATUSES } from '../domain/attestation-request-status';
import { CANCEL_REASONS, REQUEST_DELIVERIES, REQUEST_SOURCES } from '../domain/attestation-request';
import type { RequestSnapshot } from '../application/request-snapshot';

/**
 * What `presentAttestationRequest` answers, described for the OpenAPI document: every field of the snapshot (one
 * added there does not compile until it is described here).
 */
@ResponseSchema('AttestationRequest', 'A published document sent to a person for a typed-name signature.')
export class AttestationRequestResponse implements Record<keyof RequestSnapshot, unknown> {
  @ApiUlid('The request.')
  id!: string;

  @ApiUlid('The organization the request belongs to.')
  organization_id!: string;

  @ApiUlid('The document.')
  document_id!: string;

  @ApiUlid('The published revision that was sent.')
  document_revision_id!: string;

  @ApiUlid('The recipient.')
  person_id!: string;

  @ApiProperty({ description: "The recipient's name when the request was created.", example: 'Ada Lovelace' })
  recipient_name!: string;

  @ApiProperty({
    format: 'email',
    description: "The recipient's email when the request was created.",
    example: 'ada@example.com',
  })
  recipient_email!: string;

  @ApiProperty({
    enum: ['acknowledgment', 'signature'],
    description: 'Fixed on the request: always `signature` for new requests; `acknowledgment` is historical.',
  })
  requested_attestation_type!: string;

  @ApiProperty({
    enum: [...REQUEST_SOURCES],
    description: '`oauth` through this API; `system` when a group issued it.',
  })
  source!: string;

  @ApiProperty({
    enum: [...ATTESTATION_REQUEST_STATUSES],
    description: 'A request created through the API is answered in status `sent`.',
  })
  status!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 5000,
    description: 'Shown in the emails and on the attestation page.',
  })
  recipient_message!: string | null;

  @ApiProperty({
    enum: [...REQUEST_DELIVERIES],
    description:
      '`email`: the service emails the page link and the reminders. `none`: no email is sent; the integrator ' +
      'hands the link over itself (`POST /attestation-requests/{id}/signing-url`).',
    example: 'email',
  })
  delivery!: string;

  @ApiDateTime('When the request was sent.', { nullable: true })
  sent_at!: string | null;

  @ApiDateTime('The most recent reminder.', { nullable: true })
  last_reminded_at!: string | null;

  @ApiDateTime("The recipient's first view.", { nullable: true })
  viewed_at!: string | null;

  @ApiDateTime('Completion.', { nullable: true })
  attested_at!: string | null;

  @ApiDateTime('When it was canceled.', { nullable: true })
  canceled_at!: string | null;

  @ApiProperty({
    type: String,
    enum: [...CANCEL_REASONS],
    nullable: true,
    description:
      'Why a canceled request was canceled (null for any other status): `declined` by the recipient on the ' +
      'page, `canceled` through the API, console or CLI, `superseded` by a newer request, or `archived`.',
    example: null,
  })
  cancel_reason!: string | null;

  @ApiDateTime('Scheduled expiry; null when it does not expire.', { nullable: true })
  expires_at!: string | null;

  @ApiDateTime('Actual expiry.', { nullable: true })
  expired_at!: string | null;

  @ApiUlid('The user whose API token issued the request; null when the service issued it.', { nullable: true })
  requested_by_user_id!: string | null;

  @ApiDateTime('When the request was created.')
  created_at!: string;

  @ApiDateTime('When the request last changed.')
  updated_at!: string;
}

export const AttestationRequestPage = Paginated(
  AttestationRequestResponse,
  'AttestationRequestPage',
  'A page of attestation requests, oldest first.',
);
