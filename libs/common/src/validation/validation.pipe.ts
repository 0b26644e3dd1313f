import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldErrors, ValidationFailedError } from '../errors/domain-error';

/** Flattens class-validator's tree into Laravel's `{ "field.path": [messages] }`. */
export function toFieldErrors(errors: ValidationError[], prefix = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const found = Object.values(error.constraints ?? {}).filter((m) => m !== '');
    if (found.length > 0) result[path] = found;
    Object.assign(result, toFieldErrors(error.children ?? [], path));
  }
  return result;
}

/**
 * The one validation pipe: strips unknown fields (the contract ignores them), transforms into DTO classes,
 * and turns failures into the 422 body through the domain's ValidationFailedError.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new ValidationFailedError(toFieldErrors(errors)),
  });
}
