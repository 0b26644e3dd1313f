import fc from 'fast-check';

/**
 * Any text a field may hold, for property tests of what draws it: raw UTF-16 (lone surrogates included), any
 * code point, and runs of the given samples (scripts, marks, bidi controls, emoji) that the drawing must handle.
 */
export function mixedText(lengths: { binary: number; codePoints: number; samples: number }, samples: string[]) {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: lengths.binary }),
    fc.string({
      unit: fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point)),
      maxLength: lengths.codePoints,
    }),
    fc.string({ unit: fc.constantFrom(...samples), maxLength: lengths.samples }),
  );
}
