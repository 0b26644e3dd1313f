import { DEFAULT_LOCALE, languageOf, normaliseLocale, SUPPORTED_LANGUAGES, unsupportedLocaleMessage } from './locale';

describe('locales', () => {
  it('supports seven languages, English by default', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'fr', 'de', 'es', 'it', 'nl', 'pt']);
    expect(DEFAULT_LOCALE).toBe('en');
  });

  it('keeps a supported language, alone or with a region, in canonical case', () => {
    expect(normaliseLocale('fr')).toBe('fr');
    expect(normaliseLocale(' DE ')).toBe('de');
    expect(normaliseLocale('pt-br')).toBe('pt-BR');
    expect(normaliseLocale('FR-ca')).toBe('fr-CA');
    expect(normaliseLocale('es-419')).toBe('es-419');
    for (const language of SUPPORTED_LANGUAGES) expect(normaliseLocale(language)).toBe(language);
  });

  it('refuses other languages, malformed tags and anything beyond a region', () => {
    for (const tag of ['', 'ja', 'ar', 'zz', 'english', 'pt_BR', 'fr-', '-fr', 'de-CH-1996', 'en-u-ca-buddhist']) {
      expect(normaliseLocale(tag)).toBeNull();
    }
    expect(normaliseLocale('sr-Latn')).toBeNull();
    expect(normaliseLocale('en-Latn-GB')).toBeNull();
    expect(normaliseLocale('x-private')).toBeNull();
  });

  it('reads the language of a stored locale, English when there is none', () => {
    expect(languageOf('pt-BR')).toBe('pt');
    expect(languageOf('nl')).toBe('nl');
    expect(languageOf(null)).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('ja')).toBe('en');
    expect(languageOf('')).toBe('en');
    expect(languageOf('PT-BR')).toBe('pt');
  });

  it('lists the supported languages in its message', () => {
    expect(unsupportedLocaleMessage('locale')).toBe(
      'The locale field must be one of the supported languages: en, fr, de, es, it, nl, pt ' +
        '(a BCP 47 tag, optionally with a region such as pt-BR).',
    );
  });
});
