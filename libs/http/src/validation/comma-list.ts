import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field } from './field.decorator';
import { trimmedOrNull } from './input-transforms';
import { Rule, rules } from './rules';

/** The items of a comma-separated filter, e.g. `sent, viewed` → ['sent', 'viewed']. */
export function listItems(text: string): string[] {
  return text.split(',').map((item) => item.trim());
}

/** Every item is one of `allowed` (exact); an empty item is not. Laravel's `in` wording. */
export const commaListOf = (allowed: readonly string[]): Rule => ({
  test: (v) => typeof v === 'string' && listItems(v).every((item) => allowed.includes(item)),
  message: (a) => `The selected ${a} is invalid.`,
});

/**
 * An optional query filter of comma-separated values, any of which matches (`?status=sent,viewed`): described for
 * the OpenAPI document, trimmed (empty is no filter) and each item checked against `allowed`.
 */
export function CommaListFilter(
  allowed: readonly string[],
  doc: { description: string; example: string },
): PropertyDecorator {
  return applyDecorators(
    Field({ nullable: true }, rules.string, commaListOf(allowed)),
    Transform(trimmedOrNull),
    ApiPropertyOptional({ type: String, ...doc }),
  );
}
