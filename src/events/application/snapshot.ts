import { isoTimestampOrNull } from '@lib/http';

/**
 * How a field is written as JSON: `id` a ULID or null (nothing to escape), `text` a string or null, `time` an
 * instant as ISO 8601 in UTC with milliseconds, or null. The SQL that writes a snapshot set-based reads the same
 * kinds (libs/persistence json-sql.ts).
 */
export type FieldKind = 'id' | 'text' | 'time';

/** `recipient_name` -> `recipientName`: a field reads the property its snake-case name spells in camel case. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The kinds a property of this type may be written as: a time is a Date, an id or a text a string. */
type KindsOf<Value> = [Value] extends [Date | null] ? 'time' : [Value] extends [string | null] ? 'id' | 'text' : never;

/**
 * Fields of a snapshot of `Source`, in the order they are written: name (snake case, also the column that stores
 * it) -> kind. A name that spells no property of `Source`, or a kind its type cannot have, does not compile.
 */
export type SnapshotFields<Source, Fields> = {
  readonly [Name in keyof Fields]: Name extends string
    ? CamelCase<Name> extends keyof Source
      ? KindsOf<Source[CamelCase<Name>]>
      : never
    : never;
};

type ValueOf<Source, Name extends string, Kind> =
  CamelCase<Name> extends keyof Source
    ? Kind extends 'time'
      ? Source[CamelCase<Name>] extends Date
        ? string
        : string | null
      : Source[CamelCase<Name>]
    : never;

/** What a snapshot of `Source` with `Fields` is: plain JSON values under the fields' names. */
export type Snapshot<Source, Fields> = {
  -readonly [Name in keyof Fields & string]: ValueOf<Source, Name, Fields[Name]>;
};

export interface SnapshotDefinition<Source, Fields> {
  /** The fields, for what else writes the same shape (the set-based SQL, a schema). */
  fields: Fields;
  /** The snapshot of one value: the fields in their order, times as ISO 8601. */
  of(source: Source): Snapshot<Source, Fields>;
}

function camelCase(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * One field list, one snapshot function: what an event carries about its subject (and what the API shows of it).
 * The function is compiled once from the list into a single object literal, as fast as one written by hand: built
 * field by field in a loop, a snapshot took some five times as long and twice as long to serialise (V8 keeps a
 * literal's shape). Names and properties enter the source only through JSON.stringify, as string literals.
 */
export function defineSnapshot<Source>() {
  return <const Fields extends SnapshotFields<Source, Fields>>(fields: Fields): SnapshotDefinition<Source, Fields> => {
    const entries = Object.entries(fields as Record<string, FieldKind>).map(([name, kind]) => {
      const read = `source[${JSON.stringify(camelCase(name))}]`;
      return `${JSON.stringify(name)}: ${kind === 'time' ? `time(${read})` : read}`;
    });
    const compiled = new Function('time', `return (source) => ({ ${entries.join(', ')} });`) as (
      time: typeof isoTimestampOrNull,
    ) => (source: Source) => Snapshot<Source, Fields>;
    return { fields, of: compiled(isoTimestampOrNull) };
  };
}
