import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field } from './field.decorator';
import { trimmed } from './input-transforms';
import { rules } from './rules';

/**
 * A text property trimmed first (as Laravel does) that needs a value: `required` in a body that creates,
 * `requiredWhenPresent` in one that changes (absent keeps the value). `property` is what the API description says.
 */
export function TrimmedTextField(
  presence: 'required' | 'requiredWhenPresent',
  property: ApiPropertyOptions & { maxLength: number },
): PropertyDecorator {
  return applyDecorators(
    presence === 'required' ? ApiProperty(property) : ApiPropertyOptional(property),
    Transform(trimmed),
    Field(
      presence === 'required' ? { required: true } : { requiredWhenPresent: true },
      rules.string,
      rules.maxLength(property.maxLength),
    ),
  );
}
