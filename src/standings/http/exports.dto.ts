import { ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { HeaderObject } from '@nestjs/swagger';
import { ARCHIVED_VALUES, Field, rules, TextFilterField, trimmedOrNull, ULID_INPUT_PATTERN } from '@lib/http';
import { AuditLogFilterQuery } from '../../audit-log/http/audit-log.dto';
import { ListPeopleQuery } from '../../people/http/people.dto';
import { ATTESTATION_BUCKETS } from '../../documents/domain/attestation-counts';

/** GET /exports/people.csv: the people list's filters, taken from GET /people's. */
export class PeopleExportQuery extends PickType(ListPeopleQuery, ['name', 'email', 'phone'] as const) {
  @ApiPropertyOptional({
    enum: ARCHIVED_VALUES,
    default: 'false',
    description: '`true` or `1`: only archived people; `false` or `0` (the default): only active ones.',
  })
  @Field({}, rules.oneOf(ARCHIVED_VALUES))
  archived?: string;
}

/** GET /exports/documents/{id}/status.csv. */
export class StatusExportQuery {
  @ApiPropertyOptional({ enum: ATTESTATION_BUCKETS, description: 'Only the people in this bucket.' })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.oneOf(ATTESTATION_BUCKETS))
  bucket?: string | null;

  @ApiPropertyOptional({ type: String, pattern: ULID_INPUT_PATTERN, description: 'Only the members of this group.' })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  group_id?: string | null;

  @TextFilterField(255, 'Part of the name or the email, ignoring case.')
  search?: string | null;
}

/** GET /exports/audit-log.csv: the audit log's filters. */
export class AuditLogExportQuery extends AuditLogFilterQuery {
  @ApiPropertyOptional({ type: String, pattern: ULID_INPUT_PATTERN, description: 'Entries older than this entry id.' })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  before?: string | null;
}

/** How an export is described in the OpenAPI document: a CSV attachment named `name`. */
export function csvFile(name: string): { mediaType: string; headers: Record<string, HeaderObject> } {
  return {
    mediaType: 'text/csv',
    headers: {
      'Content-Disposition': {
        description: `\`attachment; filename="${name}"\`.`,
        required: true,
        schema: { type: 'string', example: `attachment; filename="${name}"` },
      },
    },
  };
}
