import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ApiDateTime,
  ApiUlid,
  Field,
  KeysetList,
  ResponseSchema,
  rules,
  toInteger,
  trimmedOrNull,
  ULID_INPUT_PATTERN,
} from '@lib/http';

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 100;

/** The audit log's filters, of its page (GET /audit-log) and of its export (GET /exports/audit-log.csv). */
export class AuditLogFilterQuery {
  @ApiPropertyOptional({ type: String, pattern: ULID_INPUT_PATTERN, description: 'Only what this user did.' })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  user_id?: string | null;

  @ApiPropertyOptional({ type: String, maxLength: 64, example: 'api_token.created', description: 'One action.' })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(64))
  action?: string | null;
}

/** GET /audit-log. */
export class ListAuditLogQuery extends AuditLogFilterQuery {
  @ApiPropertyOptional({
    type: String,
    pattern: ULID_INPUT_PATTERN,
    description: 'Entries older than this entry id: the last id of a page gives the next page.',
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  before?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_AUDIT_LIMIT, default: DEFAULT_AUDIT_LIMIT })
  @Transform(toInteger)
  @Field({}, rules.integer, rules.min(1), rules.max(MAX_AUDIT_LIMIT))
  limit?: number;
}

@ResponseSchema('AuditEntry', 'One action in the organization, as recorded; never changed afterwards.')
export class AuditEntryResponse {
  @ApiUlid('The entry (time-ordered).')
  id!: string;

  @ApiDateTime('When it happened.')
  at!: string;

  @ApiUlid('Who acted; null for an attempt by no signed-in user.', { nullable: true })
  user_id!: string | null;

  @ApiProperty({ example: 'api_token.created', description: 'What happened, e.g. `sign_in.succeeded`.' })
  action!: string;

  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' })
  ip!: string | null;

  @ApiProperty({ type: String, nullable: true })
  user_agent!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What the action was about.' })
  details!: Record<string, unknown>;
}

export const AuditLogPage = KeysetList(
  AuditEntryResponse,
  'AuditLogPage',
  'Audit log entries, newest first.',
  'Older entries remain: ask again with `before` set to the last id.',
);
