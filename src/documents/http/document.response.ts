import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, Paginated, ResponseSchema } from '@lib/http';
import { ATTESTATION_TYPES } from '../domain/document';

const count = (description: string) => ApiProperty({ type: 'integer', minimum: 0, description });

@ResponseSchema(
  'AttestationCounts',
  "Where the document's active assignees stand; each is counted in the first bucket that applies, so " +
    '`total` = attested_latest + pending_attested + renewal_due + attested_outdated + unrequested.',
)
export class AttestationCountsResponse {
  @count('Attested the latest revision, renewal not due.')
  attested_latest!: number;

  @count('Has an open request (created, sent, viewed, bounced, failed or complained).')
  pending_attested!: number;

  @count('Attested an earlier revision only.')
  attested_outdated!: number;

  @count('None of the other buckets.')
  unrequested!: number;

  @count('Attested the latest revision, but longer ago than renewal_interval_days.')
  renewal_due!: number;

  @count('Active people assigned the document, through a group or a request.')
  total!: number;
}

/** What `presentDocument` answers, described for the OpenAPI document. */
@ResponseSchema('Document', 'A document of the organization that people are asked to attest.')
export class DocumentResponse {
  @ApiUlid('The document.')
  id!: string;

  @ApiUlid('The organization the document belongs to.')
  organization_id!: string;

  @ApiProperty({ example: 'Code of conduct' })
  name!: string;

  @ApiProperty({
    enum: [...ATTESTATION_TYPES],
    description: '`signature` for new documents; `acknowledgment` appears on historical ones only.',
  })
  default_attestation_type!: string;

  @ApiProperty({
    description: 'Read-only. When false, people can read the document but are not asked to sign it.',
  })
  requires_signature!: boolean;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: 'Days before attestations must be renewed.',
  })
  renewal_interval_days!: number | null;

  @ApiProperty({ description: 'Whether requests are re-issued automatically on renewal.' })
  auto_renew!: boolean;

  @ApiDateTime('Null while the document is active.', { nullable: true })
  archived_at!: string | null;

  @ApiProperty({ description: 'True when at least one revision is published.' })
  has_published_revision!: boolean;

  @ApiDateTime('When the latest revision was published; null when none is.', { nullable: true })
  last_updated_at!: string | null;

  @ApiProperty({ type: () => AttestationCountsResponse })
  attestation_counts!: AttestationCountsResponse;

  @ApiDateTime('When the document was created.')
  created_at!: string;

  @ApiDateTime('When the document last changed.')
  updated_at!: string;
}

export const DocumentPage = Paginated(DocumentResponse, 'DocumentPage', 'A page of documents, by name.');

/** The `data` of `document.revision_published`: the document once the revision is its latest, and which it is. */
@ResponseSchema('DocumentRevisionPublished', 'A document as the API shows it after a publication, with the revision.')
export class DocumentRevisionPublishedResponse extends DocumentResponse {
  @ApiUlid('The revision just published, now the latest.')
  document_revision_id!: string;
}

/** POST /documents/{id}/revisions, and the admin CLI's document:publish. */
@ResponseSchema('PublishedRevision', 'A revision just published; it is now the latest revision of its document.')
export class PublishedRevisionResponse {
  @ApiUlid('The new revision.')
  document_revision_id!: string;

  @ApiUlid('Its document.')
  document_id!: string;

  @ApiDateTime('When it was published.')
  published_at!: string;
}

@ResponseSchema('DocumentRevision', 'A published revision of a document, without its text.')
export class DocumentRevisionResponse {
  @ApiUlid('The revision.')
  document_revision_id!: string;

  @ApiDateTime('When it was published.')
  published_at!: string;

  @ApiProperty({
    pattern: '^[0-9a-f]{64}$',
    description: 'Lowercase hex SHA-256 of the text as published (UTF-8): the fingerprint the attestation page shows.',
  })
  content_sha256!: string;
}

export const DocumentRevisionPage = Paginated(
  DocumentRevisionResponse,
  'DocumentRevisionPage',
  "A page of a document's published revisions, newest first.",
);
