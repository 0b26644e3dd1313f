import fc from 'fast-check';
import { mixedText } from '../../../test/support/mixed-text';
import { codePointMarker, FaceChain, layoutText, VisualLine } from './visual-text';

type Face = 'latin' | 'hebrew' | 'arabic' | 'cjk';

/** Faces that cover Unicode blocks, as the real fonts roughly do; every character is one unit wide. */
const chain: FaceChain<Face> = {
  faces: ['latin', 'arabic', 'hebrew', 'cjk'],
  covers: (face, point) => {
    switch (face) {
      case 'latin':
        return (point >= 0x20 && point < 0x250) || (point >= 0x300 && point < 0x370) || point === 0x2014;
      case 'hebrew':
        return (point >= 0x590 && point < 0x600) || point === 0x20;
      case 'arabic':
        return (point >= 0x600 && point < 0x700) || point === 0x20 || point === 0x200c;
      case 'cjk':
        return (point >= 0x3000 && point < 0xa000) || point === 0x20;
    }
  },
  fallbackFace: 'latin',
};
const lay = (text: string, maxWidth = 1000) => layoutText(text, { chain, maxWidth, measure: (run) => [...run].length });
/** The runs of a text's first line, each as the values of the fields a test looks at. */
const runsOf = (text: string, ...fields: (keyof VisualLine<Face>['runs'][number])[]) =>
  lay(text)[0].runs.map((run) => fields.map((field) => run[field]));
const shown = (lines: VisualLine<Face>[]) => lines.map((line) => line.runs.map((run) => run.text).join(''));

describe('layoutText', () => {
  it('keeps a left-to-right text as one run in one face', () => {
    const [line] = lay('José Müller');
    expect(line.runs).toEqual([{ text: 'José Müller', face: 'latin', fallback: false, whole: false, width: 11 }]);
  });

  it('puts each script in a face that has it, right-to-left runs in visual order handed over in logical order', () => {
    expect(runsOf('Ada אבג 王小明', 'face', 'text', 'whole')).toEqual([
      ['latin', 'Ada ', false],
      // The shaper reverses a Hebrew run itself: it gets the logical order and is told to take it whole.
      ['hebrew', 'אבג', true],
      // A space goes with the text before it, in its direction.
      ['hebrew', ' ', false],
      ['cjk', '王小明', false],
    ]);
  });

  it('orders a right-to-left paragraph from right to left, numbers reading left to right', () => {
    const [line] = lay('محمد علي 123');
    expect(line.runs.map((run) => [run.face, run.text, run.whole])).toEqual([
      ['latin', '123', false],
      // Both words and the space between and after them are one run, shaped (and reversed) as one.
      ['arabic', 'محمد علي ', true],
    ]);
    expect(line.width).toBe(12);
  });

  it('shows bidirectional controls as their code points instead of obeying them', () => {
    expect(runsOf('abc \u202exyz\u202c def', 'text', 'fallback')).toEqual([
      ['abc ', false],
      ['[U+202E]', true],
      ['xyz', false],
      ['[U+202C]', true],
      [' def', false],
    ]);
  });

  it('draws a right-to-left override typed after Arabic as typed: the Latin word reads left to right', () => {
    // A right-to-left paragraph: the Latin word on the left, the marker, then the Arabic word (logical order).
    expect(runsOf('مرحبا\u202eevil', 'face', 'text', 'fallback')).toEqual([
      ['latin', 'evil', false],
      ['latin', '[U+202E]', true],
      ['arabic', 'مرحبا', false],
    ]);
  });

  it('marks every kind of bidirectional control: embeddings, overrides, isolates, marks', () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x61c];
    for (const point of controls) {
      const drawn = shown(lay(`a${String.fromCharCode(point)}b`)).join('');
      expect(drawn).toContain(codePointMarker(point));
    }
    // Other invisible format characters are still dropped.
    expect(shown(lay('a\u200db'))).toEqual(['ab']);
  });

  it('mirrors brackets inside right-to-left runs', () => {
    const [line] = lay('אבג (דה)');
    // Left to right on the page: the closing bracket drawn as "(", the inner word, the opening one drawn as ")",
    // then the first word (Hebrew runs in logical order: the shaper reverses them).
    expect(line.runs.map((run) => run.text)).toEqual(['(', 'דה', ')', 'אבג ']);
  });

  it('shows characters no face has as their code points, in runs of their own', () => {
    expect(runsOf('Ada 😀 Lovelace', 'text', 'fallback')).toEqual([
      ['Ada ', false],
      [codePointMarker(0x1f600), true],
      [' Lovelace', false],
    ]);
    expect(codePointMarker(0x1f600)).toBe('[U+1F600]');
    expect(lay('Ada אבג')[0].runs.some((run) => run.fallback)).toBe(false);
  });

  it('keeps a cluster whole in the face that has all of it, and drops invisible characters no face draws', () => {
    expect(shown(lay('e\u0301\u200d!'))).toEqual(['e\u0301!']);
    // ZWNJ is kept where the face has it (it changes Arabic joining).
    expect(lay('ب\u200cت')[0].runs[0].text).toBe('ب\u200cت');
  });

  it('turns control characters and line breaks into spaces, and a blank text into no line', () => {
    expect(shown(lay('Ada\nLove\tlace\u2028x'))).toEqual(['Ada Love lace x']);
    expect(lay('  \u200b ')).toEqual([]);
    expect(lay('')).toEqual([]);
  });

  it('breaks lines after spaces, between Han characters, and inside a word longer than a line', () => {
    expect(shown(lay('aaa bbb ccc', 7))).toEqual(['aaa bbb', 'ccc']);
    expect(shown(lay('王小明王小明', 4))).toEqual(['王小明王', '小明']);
    expect(shown(lay('abcdefghij', 4))).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('replaces lone surrogates instead of failing', () => {
    expect(shown(lay('a\ud800b'))).toEqual(['a[U+FFFD]b']);
  });

  it('never fails and never loses a visible character, whatever the text', () => {
    const anyText = mixedText({ binary: 80, codePoints: 40, samples: 60 }, [
      'a',
      ' ',
      'א',
      'ب',
      '王',
      '(',
      ')',
      '1',
      '\u200f',
      '\u202e',
      '\u0301',
      '😀',
    ]);
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 30 }), (text, width) => {
        const lines = lay(text, width);
        const drawn = lines.flatMap((line) => line.runs.map((run) => run.text)).join('');
        for (const line of lines) {
          expect(line.runs.length).toBeGreaterThan(0);
          for (const run of line.runs) expect(run.text.length).toBeGreaterThan(0);
        }
        // Every letter of the input is drawn, in some order, or stands as its code point.
        for (const char of text.replace(/[\uD800-\uDFFF]/g, '')) {
          if (!/\p{L}/u.test(char)) continue;
          const point = char.codePointAt(0)!;
          expect(drawn.includes(char) || drawn.includes(codePointMarker(point))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
