import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ResponseSchema } from './schema-properties';

/** 400, 401, 404, 405, 413, 500 and 503. */
// Not named `Error`: generated clients would shadow the JavaScript global of that name.
@ResponseSchema('ErrorMessage', 'A failure the client can read but not act on field by field.')
export class ErrorBody {
  @ApiProperty({ description: 'What went wrong, e.g. "Unauthenticated." or "Not found."', example: 'Not found.' })
  error!: string;
}

/** 422. */
@ResponseSchema('ValidationError', "Validation failed: the messages for each offending field, in Laravel's wording.")
export class ValidationErrorBody {
  @ApiProperty({
    description: 'The first message, followed by " (and N more errors)" when there are more.',
    example: 'The email field is required. (and 1 more error)',
  })
  message!: string;

  @ApiProperty({
    type: 'object',
    description: 'Messages by field; array elements are keyed like `person_ids.3`.',
    additionalProperties: { type: 'array', items: { type: 'string' }, minItems: 1 },
    example: { email: ['The email field is required.'], last_name: ['The last name field is required.'] },
  })
  errors!: Record<string, string[]>;

  @ApiPropertyOptional({ description: 'Allowed by the contract; the service does not send it today.' })
  error?: string;
}

/** 402. */
@ResponseSchema('PaymentRequired', 'The organization has no active trial or subscription.')
export class PaymentRequiredBody {
  @ApiProperty({ example: 'Your organization has no active trial or subscription.' })
  message!: string;

  @ApiProperty({
    format: 'uri',
    description: 'Where an owner can settle billing.',
    example: 'https://app.example/billing',
  })
  payment_url!: string;
}

/** 403 and 429. */
@ResponseSchema('Message', 'A refusal explained in one sentence.')
export class MessageBody {
  @ApiProperty({ example: 'Too Many Attempts.' })
  message!: string;
}
