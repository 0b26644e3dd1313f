/**
 * Laravel trims every input string and turns an empty one into null before validating (its TrimStrings and
 * ConvertEmptyStringsToNull middleware); clients written against it expect the same. For `@Transform(...)`.
 * Values of other types pass through untouched so the type rules can report them.
 */
export const trimmed = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

export const trimmedOrNull = ({ value }: { value: unknown }): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? null : text;
};
