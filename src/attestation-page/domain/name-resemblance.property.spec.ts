import fc from 'fast-check';
import { resemblesName } from './name-resemblance';

/** Plain words of letters, so the relation's cases can be built from them. */
const word = fc.stringMatching(/^[A-Za-z]{2,10}$/);
const name = fc.array(word, { minLength: 1, maxLength: 4 });
const spaced = (words: string[]) => words.join(' ');

describe('name resemblance, over many inputs', () => {
  it('holds between a name and itself, however it is cased or spaced', () => {
    fc.assert(
      fc.property(name, fc.constantFrom(' ', '  ', '\t', ' - '), (words, gap) => {
        expect(resemblesName(spaced(words), spaced(words))).toBe(true);
        expect(resemblesName(words.join(gap).toUpperCase(), spaced(words).toLowerCase())).toBe(true);
        expect(resemblesName(`  ${spaced(words)}  `, spaced(words))).toBe(true);
      }),
    );
  });

  it('needs only the first and last words of the recipient, in any order, among any others', () => {
    fc.assert(
      fc.property(name, fc.array(word, { maxLength: 3 }), (recipient, extra) => {
        const first = recipient[0];
        const last = recipient[recipient.length - 1];
        expect(resemblesName(spaced([...extra, last, first]), spaced(recipient))).toBe(true);
        expect(resemblesName(spaced([first, ...extra, last]), spaced(recipient))).toBe(true);
      }),
    );
  });

  it("fails without the recipient's first word or without the last", () => {
    fc.assert(
      fc.property(name, word, (recipient, other) => {
        const first = recipient[0].toLowerCase();
        const last = recipient[recipient.length - 1].toLowerCase();
        const withoutFirst = recipient.filter((w) => w.toLowerCase() !== first);
        const withoutLast = recipient.filter((w) => w.toLowerCase() !== last);
        if (other.toLowerCase() !== first) {
          expect(resemblesName(spaced([...withoutFirst, other]), spaced(recipient))).toBe(false);
        }
        if (other.toLowerCase() !== last) {
          expect(resemblesName(spaced([...withoutLast, other]), spaced(recipient))).toBe(false);
        }
      }),
    );
  });

  it('ignores accents, apostrophes and punctuation on either side', () => {
    fc.assert(
      fc.property(name, (words) => {
        const accented = words.map((w) => w.replace(/e/g, 'é').replace(/a/g, 'à').replace(/n/g, 'ñ'));
        expect(resemblesName(spaced(accented), spaced(words))).toBe(true);
        expect(resemblesName(spaced(words), spaced(accented))).toBe(true);
        expect(resemblesName(words.join('. '), words.join('-'))).toBe(true);
        expect(resemblesName(words.map((w) => `${w[0]}'${w.slice(1)}`).join(' '), spaced(words))).toBe(true);
      }),
    );
  });

  it('never holds for an empty name on either side', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('', '   ', '!?', "''", '—'), (text, empty) => {
        expect(resemblesName(empty, text)).toBe(false);
        expect(resemblesName(text, empty)).toBe(false);
      }),
    );
  });

  it('compares whole words, not parts of them', () => {
    expect(resemblesName('Adam Lovelaces', 'Ada Lovelace')).toBe(false);
    expect(resemblesName('Ada', 'Ada')).toBe(true);
    expect(resemblesName('Ada Lovelace', 'Ada')).toBe(true);
    expect(resemblesName('ﬁona ＬＯＶＥＬＡＣＥ', 'Fiona Lovelace')).toBe(true);
    expect(resemblesName('Jane Doe2', 'Jane Doe2')).toBe(true);
    expect(resemblesName('Jane Doe', 'Jane Doe2')).toBe(false);
    expect(resemblesName('Lovelace Byron', 'Ada Lovelace')).toBe(false);
  });
});
