import { ApiProperty, ApiSchema, type ApiSchemaOptions } from '@nestjs/swagger';

/** The ULIDs the service generates: lowercase Crockford base32, first character at most 7. */
export const ULID_PATTERN = '^[0-7][0-9a-hjkmnp-tv-z]{25}$';
/** The ULIDs it accepts in paths, queries and bodies: either case. */
export const ULID_INPUT_PATTERN = '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$';

const ULID_EXAMPLE = '01jd7x5m3q4r8s9t0v1w2x3y4z';
const DATE_TIME_EXAMPLE = '2026-11-22T10:15:30.123Z';

/**
 * A response object: its properties are all the service ever sends (`additionalProperties: false`), so clients
 * and the contract test can rely on the exact shape. @nestjs/swagger copies the extra schema keyword as it is.
 */
export function ResponseSchema(name: string, description: string): ClassDecorator {
  return ApiSchema({ name, description, additionalProperties: false } as ApiSchemaOptions);
}

/** A ULID property of a response. */
export function ApiUlid(description: string, options: { nullable?: boolean } = {}): PropertyDecorator {
  return ApiProperty({
    type: String,
    pattern: ULID_PATTERN,
    description,
    example: ULID_EXAMPLE,
    nullable: options.nullable ?? false,
  });
}

/** An ISO 8601 UTC timestamp with milliseconds, as the service writes them. */
export function ApiDateTime(description: string, options: { nullable?: boolean } = {}): PropertyDecorator {
  return ApiProperty({
    type: String,
    format: 'date-time',
    description,
    example: DATE_TIME_EXAMPLE,
    nullable: options.nullable ?? false,
  });
}
