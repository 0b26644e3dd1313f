import { isUlid, normaliseId } from '@lib/core';
import { rules } from '@lib/http';

/**
 * The admin CLI's arguments: `<command> --kebab-option value ...`. Every value is checked against its kind here,
 * before anything connects to the database, so a typo fails fast with a one-line reason.
 */
export type OptionKind =
  | { type: 'text' }
  /** Text, or an empty value (`--phone=`) for "none": the setting is cleared. */
  | { type: 'clearable-text' }
  /** A whole number, or an empty value for "none". */
  | { type: 'clearable-integer' }
  | { type: 'id' }
  | { type: 'email' }
  | { type: 'boolean' }
  | { type: 'integer' }
  | { type: 'date' }
  | { type: 'path' }
  | { type: 'choice'; values: readonly string[] };

export type OptionValue = string | boolean | number | Date | null;

/** An option's kind, whether it must be given, its help line; `V` is the type its kind converts a value to. */
export interface OptionSpec<V extends OptionValue = OptionValue> {
  kind: OptionKind;
  required?: boolean;
  description: string;
  /** Never set: carries `V` for the reader of the value. */
  readonly value?: V;
}

/** The type of the value an option spec's kind gives. */
export type ValueOf<S> = S extends OptionSpec<infer V> ? V : never;

/** A usage mistake (unknown command or option, missing or malformed value): exit code 2. */
export class UsageError extends Error {}

export const text = (description: string, required = false): OptionSpec<string> => ({
  kind: { type: 'text' },
  required,
  description,
});
export const id = (description: string, required = true): OptionSpec<string> => ({
  kind: { type: 'id' },
  required,
  description,
});
export const email = (description: string, required = true): OptionSpec<string> => ({
  kind: { type: 'email' },
  required,
  description,
});
export const clearableText = (description: string): OptionSpec<string | null> => ({
  kind: { type: 'clearable-text' },
  description,
});
export const clearableInteger = (description: string): OptionSpec<number | null> => ({
  kind: { type: 'clearable-integer' },
  description,
});
export const flag = (description: string): OptionSpec<boolean> => ({ kind: { type: 'boolean' }, description });
export const integer = (description: string): OptionSpec<number> => ({ kind: { type: 'integer' }, description });
export const date = (description: string): OptionSpec<Date> => ({ kind: { type: 'date' }, description });
export const path = (description: string): OptionSpec<string> => ({ kind: { type: 'path' }, description });
export const choice = (values: readonly string[], description: string, required = false): OptionSpec<string> => ({
  kind: { type: 'choice', values },
  required,
  description,
});

/** Parsed, checked option values, read back with the type their spec promised. */
export class Options {
  constructor(private readonly values: ReadonlyMap<string, OptionValue>) {}

  has(name: string): boolean {
    return this.values.has(name);
  }
  string(name: string): string {
    return this.required(name) as string;
  }
  optionalString(name: string): string | undefined {
    return this.values.get(name) as string | undefined;
  }
  /** As its spec's kind converted it; undefined: not given; null: given empty, to clear the setting. */
  value(name: string): OptionValue | undefined {
    return this.values.get(name);
  }
  optionalBoolean(name: string): boolean | undefined {
    return this.values.get(name) as boolean | undefined;
  }
  optionalInteger(name: string): number | undefined {
    return this.values.get(name) as number | undefined;
  }
  optionalDate(name: string): Date | undefined {
    return this.values.get(name) as Date | undefined;
  }
  choice<T extends string>(name: string): T {
    return this.required(name) as T;
  }
  optionalChoice<T extends string>(name: string): T | undefined {
    return this.values.get(name) as T | undefined;
  }

  private required(name: string): OptionValue {
    const value = this.values.get(name);
    if (value === undefined) throw new UsageError(`--${name} is required`);
    return value;
  }
}

/** `--name value` or `--name=value`; each option at most once; no positional arguments. */
export function parseOptions(command: string, specs: Record<string, OptionSpec>, args: string[]): Options {
  const values = new Map<string, OptionValue>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}" (options are --name value)`);
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
    const spec = specs[name];
    if (!spec) throw new UsageError(`unknown option --${name} for ${command} (see ${command} --help)`);
    if (values.has(name)) throw new UsageError(`--${name} is given twice`);
    let raw: string | undefined;
    if (equals !== -1) {
      raw = arg.slice(equals + 1);
    } else if (index + 1 < args.length && !args[index + 1].startsWith('--')) {
      raw = args[++index];
    }
    if (raw === undefined) throw new UsageError(`--${name} needs a value`);
    values.set(name, convert(name, spec.kind, raw));
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && !values.has(name)) throw new UsageError(`--${name} is required for ${command}`);
  }
  return new Options(values);
}

/** A date (UTC midnight), or a date and time with its offset: a time without one would depend on this machine. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

function isoDate(raw: string): Date | null {
  const match = ISO_DATE.exec(raw);
  if (!match) return null;
  const [year, month, day] = match.slice(1, 4).map(Number);
  // Date rolls 2030-02-31 over to March; refuse it instead.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const value = new Date(raw);
  return Number.isNaN(value.getTime()) ? null : value;
}

function convert(name: string, kind: OptionKind, raw: string): OptionValue {
  switch (kind.type) {
    case 'text':
    case 'path':
      if (raw.trim() === '') throw new UsageError(`--${name} must not be empty`);
      return raw;
    case 'clearable-text':
      return raw.trim() === '' ? null : raw;
    case 'clearable-integer':
      if (raw.trim() === '') return null;
      if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`--${name} must be a whole number or empty, got "${raw}"`);
      return Number(raw);
    case 'id':
      if (!isUlid(raw)) throw new UsageError(`--${name} must be a ULID, got "${raw}"`);
      return normaliseId(raw);
    case 'email':
      if (!rules.email.test(raw.trim())) throw new UsageError(`--${name} must be an email address, got "${raw}"`);
      return raw.trim();
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw new UsageError(`--${name} must be true or false, got "${raw}"`);
      return raw === 'true';
    case 'integer':
      if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
      return Number(raw);
    case 'date': {
      const value = isoDate(raw);
      if (value === null) {
        throw new UsageError(`--${name} must be an ISO 8601 date, e.g. 2030-01-31T00:00:00Z, got "${raw}"`);
      }
      return value;
    }
    case 'choice':
      if (!kind.values.includes(raw))
        throw new UsageError(`--${name} must be one of ${kind.values.join(', ')}, got "${raw}"`);
      return raw;
  }
}
