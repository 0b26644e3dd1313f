import { registerDecorator, ValidationArguments } from 'class-validator';
import { displayName, isPresent, messages, Rule } from './rules';

export interface FieldOptions {
  /** Missing, null, blank or empty is an error ("The x field is required."). */
  required?: boolean;
  /** null is accepted as a value and skips the rules. */
  nullable?: boolean;
  /**
   * May be absent, but when given must have a value: null, blank or empty is "The x field is required." (Laravel's
   * `sometimes|required`, for partial updates).
   */
  requiredWhenPresent?: boolean;
  /** Must be given and not null, but may be empty (Laravel's `present`): a list that may be emptied. */
  present?: boolean;
}

/**
 * Validates one property with an ordered list of rules and reports only the first that fails, as Laravel
 * does with `bail`. One decorator per property keeps the order explicit (class-validator does not promise
 * an order across several decorators).
 */
export function Field(options: FieldOptions, ...fieldRules: Rule[]): PropertyDecorator {
  const firstFailure = (value: unknown): ((attribute: string) => string) | undefined => {
    if (options.present && (value === undefined || value === null)) return messages.required;
    if (!isPresent(value) && !options.present) {
      if (options.required) return messages.required;
      if (value === undefined) return undefined;
      if (options.requiredWhenPresent) return messages.required;
      if (value === null && options.nullable) return undefined;
    }
    return fieldRules.find((rule) => !rule.test(value))?.message;
  };
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'field',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) => firstFailure(value) === undefined,
        defaultMessage: (args?: ValidationArguments) => {
          const failure = firstFailure(args?.value);
          return failure ? failure(displayName(String(args?.property))) : '';
        },
      },
    });
  };
}
