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

/** Query answers kept per DTO class; past this, the least recently used one goes. */
export const QUERY_ANSWERS_PER_CLASS = 500;

class QueryAwareValidationPipe extends ValidationPipe {
  /**
   * What a query validated to, per DTO class and query: a list page is asked with the same few parameters over and
   * over (`GET /groups`, `?name=ann&per_page=100`, a sync walking `page=1..n`), and class-transformer and
   * class-validator answer the same for the same parameters every time, at a cost of 4 % (no parameters) to 5 %
   * (two parameters) of such a request's CPU. Kept: answers whose fields are all primitives (every query DTO's), at
   * most QUERY_ANSWERS_PER_CLASS per class. Failures are not kept: a rejected query goes through the pipe every time.
   */
  private readonly queryAnswers = new WeakMap<object, Map<string, object>>();

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'query') return super.transform(value, metadata);
    const metatype = metadata.metatype;
    const key = metatype ? queryKey(value) : null;
    if (!metatype || key === null) return super.transform(bracketedAsArrays(value), metadata);
    let answers = this.queryAnswers.get(metatype);
    const known = answers?.get(key);
    if (known) {
      // Most recently used last: a Map iterates in insertion order, so the first key is the one to evict.
      answers!.delete(key);
      answers!.set(key, known);
      return copyOf(known);
    }
    const answer: unknown = await super.transform(bracketedAsArrays(value), metadata);
    if (answer instanceof metatype && hasOnlyPrimitiveFields(answer)) {
      if (!answers) this.queryAnswers.set(metatype, (answers = new Map()));
      if (answers.size >= QUERY_ANSWERS_PER_CLASS) answers.delete(answers.keys().next().value!);
      answers.set(key, copyOf(answer));
    }
    return answer;
  }
}

/**
 * The query's parameters as text, in the order sent, or null when it is not a query object of strings (Express's
 * simple parser gives strings, and arrays of them for a repeated name). Length-prefixed, so no two differ only in
 * where a name or value ends.
 */
function queryKey(parameters: unknown): string | null {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) return null;
  let key = '';
  for (const name in parameters) {
    if (!Object.prototype.hasOwnProperty.call(parameters, name)) return null;
    const field = (parameters as Record<string, unknown>)[name];
    key += `${name.length}:${name}`;
    if (typeof field === 'string') key += `=${field.length}:${field}`;
    else if (Array.isArray(field) && field.every((item) => typeof item === 'string'))
      key += `[${field.map((item: string) => `${item.length}:${item}`).join('')}]`;
    else return null;
  }
  return key;
}

/** A query DTO's fields are data (class-transformer sets no methods), so only objects and arrays are shared. */
function hasOnlyPrimitiveFields(instance: object): boolean {
  return Object.values(instance).every((field) => typeof field !== 'object' || field === null);
}

/** A fresh instance each time: a handler may set fields on its query object. */
function copyOf(instance: object): object {
  return Object.assign(Object.create(Object.getPrototypeOf(instance) as object | null) as object, instance);
}
