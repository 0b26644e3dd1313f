import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field } from '../validation/field.decorator';
import { trimmedOrNull } from '../validation/input-transforms';
import { rules } from '../validation/rules';

/**
 * Query strings carry text. A whole number as the contract writes it (digits only: no sign, no spaces, no leading
 * zero, `0` itself aside) becomes a number; one too large to count becomes the largest the service counts, so a huge
 * `page` is still a page beyond the last and a huge `per_page` still over its maximum. Anything else stays text and
 * fails `integer`.
 */
export const toInteger = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string' || !/^(0|[1-9]\d*)$/.test(value)) return value;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : Number.MAX_SAFE_INTEGER;
};

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** `per_page` and `page`, shared by every list endpoint. */
export class PageQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_PER_PAGE,
    default: DEFAULT_PER_PAGE,
    description: 'Items per page.',
  })
  @Transform(toInteger)
  @Field({}, rules.integer, rules.min(1), rules.max(MAX_PER_PAGE))
  per_page?: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    default: 1,
    description: 'A page beyond the last answers an empty `data`.',
  })
  @Transform(toInteger)
  @Field({}, rules.integer, rules.min(1))
  page?: number;
}

export const ARCHIVED_VALUES = ['true', 'false', '1', '0'] as const;

/** Lists of people and documents also take `archived`: exactly true, false, 1 or 0. */
export class ArchivablePageQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: ARCHIVED_VALUES,
    default: 'false',
    description: '`true` or `1`: only archived items; `false` or `0` (the default): only active ones.',
  })
  @Field({}, rules.oneOf(ARCHIVED_VALUES))
  archived?: string;
}

export function wantsArchived(query: { archived?: string }): boolean {
  return query.archived === 'true' || query.archived === '1';
}

/** A list's text filter (`name`, `email`...): trimmed, and absent when empty. */
export function TextFilterField(maxLength: number, description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, maxLength, description }),
    Transform(trimmedOrNull),
    Field({ nullable: true }, rules.string, rules.maxLength(maxLength)),
  );
}
