import { SUPPORTED_LANGUAGES } from '@lib/core';
import { type MessageKey, MESSAGES, Translator } from './translator';

const KEYS = Object.keys(MESSAGES.en) as MessageKey[];
/** Every argument any message takes, each a marker that shows where it landed. */
const ARGUMENTS = ['name', 'organization', 'document', 'title', 'date', 'id', 'max', 'page', 'link'];
const marked = Object.fromEntries(ARGUMENTS.map((name) => [name, `⟦${name}⟧`]));

/** The arguments a message shows for a count (a plural branch may name other ones than its sibling). */
function argumentsShown(t: Translator, key: MessageKey, count: number): string[] {
  const parts = t.parts<string>(key, { ...marked, count, link: (chunks) => `⟦link:${chunks.join('')}⟧` });
  return [...parts.join('').matchAll(/⟦(\w+)/g)].map((match) => match[1]).sort();
}

describe('the messages', () => {
  it('has a file per supported language', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))(
    'has in %s exactly the keys of English, none missing and none extra',
    (language) => {
      expect(Object.keys(MESSAGES[language]).sort()).toEqual([...KEYS].sort());
    },
  );

  it.each(SUPPORTED_LANGUAGES)(
    'has in %s only real translations: no empty message, no English left over',
    (language) => {
      for (const key of KEYS) expect(MESSAGES[language][key].trim()).not.toBe('');
      if (language === 'en') return;
      // Words that are the same in both (a label like "Document", "Signature", "Email") are few.
      const same = KEYS.filter((key) => MESSAGES[language][key] === MESSAGES.en[key]);
      expect(same.length).toBeLessThan(KEYS.length / 10);
    },
  );

  it.each(SUPPORTED_LANGUAGES)(
    'formats every message in %s, with the same arguments as English in the singular and the plural',
    (language) => {
      const t = Translator.for(language);
      const en = Translator.for('en');
      for (const key of KEYS) {
        for (const count of [1, 3]) {
          expect({ key, count, shown: argumentsShown(t, key, count) }).toEqual({
            key,
            count,
            shown: argumentsShown(en, key, count),
          });
        }
      }
    },
  );
});

describe('plurals', () => {
  it.each(SUPPORTED_LANGUAGES)('words one document and several differently in %s', (language) => {
    const t = Translator.for(language);
    expect(t.text('email.closing', { count: 1 })).not.toBe(t.text('email.closing', { count: 2 }));
    const one = t.text('email.request.subject', { organization: 'Acme', count: 1, document: 'Privacy' });
    const three = t.text('email.request.subject', { organization: 'Acme', count: 3, document: 'Privacy' });
    expect(one).toContain('Privacy');
    expect(three).not.toContain('Privacy');
    expect(three).toContain('3');
  });

  it('follows each language’s rules, not English ones', () => {
    // French counts 0 as singular ("one"), English as plural.
    expect(Translator.for('fr').text('email.closing', { count: 0 })).toBe(
      Translator.for('fr').text('email.closing', { count: 1 }),
    );
    expect(Translator.for('en').text('email.closing', { count: 0 })).toBe(
      Translator.for('en').text('email.closing', { count: 2 }),
    );
  });
});

describe('Translator', () => {
  const at = new Date('2026-11-22T11:30:15Z');

  it('speaks the language of a regional tag, and formats dates with the whole tag', () => {
    expect(Translator.for('pt-BR').language).toBe('pt');
    expect(Translator.for('pt-BR').text('page.open.signButton')).toBe(MESSAGES.pt['page.open.signButton']);
    expect(Translator.for('fr').time(at, 'sentence')).toBe('22 novembre 2026 à 11:30 UTC');
    expect(Translator.for('fr-CA').time(at, 'sentence')).toBe('22 novembre 2026 à 11 h 30 UTC');
    expect(Translator.for('de').time(at, 'sentence')).toBe('22. November 2026 um 11:30 UTC');
    expect(Translator.for('en-US').time(at, 'sentence')).toBe('November 22, 2026 at 11:30 AM UTC');
  });

  it('writes English dates day first on a 24-hour clock, as the service always has', () => {
    expect(Translator.for('en').time(at, 'sentence')).toBe('22 November 2026 at 11:30 UTC');
    expect(Translator.for(null).time(at, 'stamp')).toBe('22 Nov 2026, 11:30:15 UTC');
    expect(Translator.for('nl').time(at, 'stamp')).toBe('22 nov 2026, 11:30:15 UTC');
  });

  it('falls back to English for a locale it does not speak', () => {
    expect(Translator.for('ja').locale).toBe('en');
    expect(Translator.for(undefined).locale).toBe('en');
  });

  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr-CH'],
    ['ja, de;q=0.5, es;q=0.7', 'es'],
    ['de-CH-1996', 'de'],
    ['*, it;q=0', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('negotiates %j to %s', (header, locale) => {
    expect(Translator.negotiate(header).locale).toBe(locale);
  });
});
