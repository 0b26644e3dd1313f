import fc from 'fast-check';
import { nameMatchesRecipient } from './name-match';

/** Words of letters, some accented, so a name can be re-cased and stripped of its accents. */
const word = fc.stringMatching(/^[A-Za-zéèàñüöçø]{1,10}$/);
const person = fc.record({ firstName: word, lastName: word });

const ACCENTS: Record<string, string> = { é: 'e', è: 'e', à: 'a', ñ: 'n', ü: 'u', ö: 'o', ç: 'c' };
const withoutAccents = (text: string) => text.replace(/[éèàñüöç]/g, (c) => ACCENTS[c]);

/** One way a person may write their own name. */
const ownName = fc
  .tuple(
    fc.constantFrom('first last', 'last first', 'last, first'),
    fc.constantFrom('as is', 'upper', 'lower', 'no accents', 'mixed'),
    fc.constantFrom(' ', '  ', '\t', '\u00A0'),
    fc.constantFrom('', ' ', '  '),
  )
  .map(([order, casing, gap, pad]) => ({ order, casing, gap, pad }));

type Writing = typeof ownName extends fc.Arbitrary<infer T> ? T : never;

function written(name: { firstName: string; lastName: string }, how: Writing): string {
  const recase = (text: string) => {
    switch (how.casing) {
      case 'upper':
        return text.toUpperCase();
      case 'lower':
        return text.toLowerCase();
      case 'no accents':
        return withoutAccents(text);
      case 'mixed':
        return [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
      default:
        return text;
    }
  };
  const [first, last] = [recase(name.firstName), recase(name.lastName)];
  const body =
    how.order === 'first last'
      ? `${first}${how.gap}${last}`
      : how.order === 'last first'
        ? `${last}${how.gap}${first}`
        : `${last},${how.gap}${first}`;
  return `${how.pad}${body}${how.pad}`;
}

describe('name matching, over many inputs', () => {
  it("holds for a person's own name in any case, accents, spacing and order", () => {
    fc.assert(
      fc.property(person, ownName, (name, how) => {
        expect(nameMatchesRecipient(written(name, how), name)).toBe(true);
      }),
    );
  });

  it('fails for the name with any word added, before, inside or after it', () => {
    fc.assert(
      fc.property(person, ownName, word, fc.constantFrom('before', 'inside', 'after'), (name, how, extra, where) => {
        const [first, last] = [name.firstName, name.lastName];
        const typed =
          where === 'before'
            ? `${extra} ${written(name, how)}`
            : where === 'after'
              ? `${written(name, how)} ${extra}`
              : `${first} ${extra} ${last}`;
        expect(nameMatchesRecipient(typed, name)).toBe(false);
      }),
    );
  });

  it('fails for the name with anything added to a word, punctuation and spaces aside', () => {
    fc.assert(
      fc.property(person, ownName, fc.stringMatching(/^[A-Za-z0-9ßøæœ✓€$+]{1,3}$/), (name, how, extra) => {
        expect(nameMatchesRecipient(`${written(name, how)}${extra}`, name)).toBe(false);
      }),
    );
  });

  it('fails for half a name', () => {
    fc.assert(
      fc.property(person, (name) => {
        fc.pre(withoutAccents(name.firstName).toLowerCase() !== withoutAccents(name.lastName).toLowerCase());
        expect(nameMatchesRecipient(name.firstName, name)).toBe(false);
        expect(nameMatchesRecipient(name.lastName, name)).toBe(false);
      }),
    );
  });
});
