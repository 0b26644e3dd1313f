import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArchivablePageQuery, Field, rules, TextFilterField, TrimmedTextField } from '@lib/http';
import { DOCUMENT_NAME_MAX_LENGTH, RENEWAL_INTERVAL_MAX_DAYS } from '../domain/document';
import { REVISION_CONTENT_MAX_LENGTH, REVISION_FORMATS, RevisionFormat } from '../domain/document-revision';

/** GET /documents. An empty name is no filter. */
export class ListDocumentsQuery extends ArchivablePageQuery {
  @TextFilterField(255, 'Part of the name, ignoring case.')
  name?: string | null;
}

const NAME = { maxLength: DOCUMENT_NAME_MAX_LENGTH, example: 'Code of conduct' } as const;
const RENEWAL = {
  type: 'integer',
  minimum: 1,
  maximum: RENEWAL_INTERVAL_MAX_DAYS,
  nullable: true,
  description: 'Days after which an attestation is due again; null: never.',
  example: 365,
} as const;

/** POST /documents. New documents are `signature` documents; they are unpublished until a revision is. */
export class CreateDocumentBody {
  @TrimmedTextField('required', { ...NAME, minLength: 1 })
  name!: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: true,
    description: 'Whether people are asked to sign it.',
    example: true,
  })
  @Field({}, rules.boolean)
  requires_signature?: boolean;

  @ApiPropertyOptional({ ...RENEWAL, default: null })
  @Field({ nullable: true }, rules.integer, rules.min(1), rules.max(RENEWAL_INTERVAL_MAX_DAYS))
  renewal_interval_days?: number | null;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Re-issue requests automatically when due.',
    example: true,
  })
  @Field({}, rules.boolean)
  auto_renew?: boolean;
}

/** PATCH /documents/{id}: the fields of POST /documents, each optional; absent ones keep their value. */
export class UpdateDocumentBody {
  @TrimmedTextField('requiredWhenPresent', { ...NAME, minLength: 1 })
  name?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Whether people are asked to sign it.', example: false })
  @Field({}, rules.boolean)
  requires_signature?: boolean;

  @ApiPropertyOptional(RENEWAL)
  @Field({ nullable: true }, rules.integer, rules.min(1), rules.max(RENEWAL_INTERVAL_MAX_DAYS))
  renewal_interval_days?: number | null;

  @ApiPropertyOptional({ type: Boolean, description: 'Re-issue requests automatically when due.', example: false })
  @Field({}, rules.boolean)
  auto_renew?: boolean;
}

/** POST /documents/{id}/revisions. The content is kept exactly as sent (not trimmed): its SHA-256 is what is signed. */
export class PublishRevisionBody {
  @ApiPropertyOptional({
    type: String,
    maxLength: REVISION_CONTENT_MAX_LENGTH,
    default: '',
    description: 'The text, exactly as it is to be shown and signed; absent: an empty revision (as the admin CLI).',
    example: '# Code of conduct\n\nWe treat everyone with respect.\n',
  })
  @Field({}, rules.string, rules.maxLength(REVISION_CONTENT_MAX_LENGTH))
  content?: string;

  @ApiProperty({
    enum: Object.keys(REVISION_FORMATS),
    description: 'How the attestation page renders the content.',
    example: 'markdown',
  })
  @Field({ required: true }, rules.oneOf(Object.keys(REVISION_FORMATS)))
  format!: RevisionFormat;
}
