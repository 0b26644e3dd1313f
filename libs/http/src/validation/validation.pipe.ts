import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldErrors, ValidationFailedError } from '@lib/core';

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
  return new QueryAwareValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: false,
    stopAtFirstError: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new ValidationFailedError(toFieldErrors(errors)),
  });
}

/**
 * A query parameter sent in array or object form (`id[]=…`, `name[x]=…`) arrives from Express's simple query parser
 * under its bracketed name, which no DTO knows: it would be dropped and the list answered unfiltered. It is
 * folded into its field as an array instead, so a known field fails its rules (422 on that field) and an unknown
 * one is ignored as before.
 */
export function bracketedAsArrays(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const result: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const [key, value] of Object.entries(query)) {
    const bracket = key.indexOf('[');
    if (bracket <= 0) continue;
    const field = key.slice(0, bracket);
    const prior = result[field];
    const before = prior === undefined ? [] : Array.isArray(prior) ? prior : [prior];
    result[field] = [...before, ...(Array.isArray(value) ? value : [value])];
    delete result[key];
  }
  return result;
}

class QueryAwareValidationPipe extends ValidationPipe {
  /**
   * What an empty query validates to, per DTO class (null: it does not validate). A list asked without parameters
   * (`GET /groups`) is the commonest request there is, and its answer from class-transformer and class-validator
   * depends on the class alone; they cost about 4 % of such a request's CPU. Failures are not kept as answers: a DTO
   * that rejects an empty query goes through the whole pipe every time.
   */
  private readonly emptyQueryAnswers = new WeakMap<object, object | null>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'query') return super.transform(value, metadata);
    const metatype = metadata.metatype;
    if (!metatype || !isEmptyObject(value)) return super.transform(bracketedAsArrays(value), metadata);
    const known = this.emptyQueryAnswers.get(metatype);
    if (known) return copyOf(known);
    if (known === null) return super.transform(value, metadata);
    try {
      const answer: unknown = await super.transform(value, metadata);
      // Only a DTO instance is kept; anything else (a primitive type left as it is) is answered as the pipe did.
      this.emptyQueryAnswers.set(metatype, answer instanceof metatype ? answer : null);
      return answer instanceof metatype ? copyOf(answer) : answer;
    } catch (error) {
      this.emptyQueryAnswers.set(metatype, null);
      throw error;
    }
  }
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  for (const _key in value) return false;
  return true;
}

/** A fresh instance each time: a handler may set fields on its query object. */
function copyOf(instance: object): object {
  return Object.assign(Object.create(Object.getPrototypeOf(instance) as object | null) as object, instance);
}
