/**
 * The languages the signer's side is written in (emails, attestation page, certificate): the one list every
 * door, the messages test and the validation read. A new language is added here and as a messages file.
 */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/** An organization's `default_locale` until it chooses one. */
export const DEFAULT_LOCALE = 'en';

/**
 * A locale as stored: a BCP 47 tag of a supported language, alone or with a region (`pt-BR`, `fr-CA`,
 * `es-419`), in canonical case. The region is kept because dates are formatted with it; the words are the
 * language's.
 */
export type Locale = string;

export function isSupportedLanguage(value: string): value is SupportedLanguage {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The canonical form of a tag (`PT-br` → `pt-BR`), or null when it is not well-formed BCP 47, not a supported
 * language, or carries more than a region (a script, variant or extension says nothing these texts can honour).
 */
export function normaliseLocale(tag: string): Locale | null {
  let canonical: string;
  try {
    [canonical] = Intl.getCanonicalLocales(tag.trim());
  } catch {
    return null;
  }
  const { language, region, baseName } = new Intl.Locale(canonical);
  if (!isSupportedLanguage(language)) return null;
  return baseName === canonical && baseName === (region ? `${language}-${region}` : language) ? canonical : null;
}

/** The language of a stored locale (`pt-BR` → `pt`); English for anything not supported. */
export function languageOf(locale: Locale | null | undefined): SupportedLanguage {
  if (!locale) return DEFAULT_LOCALE;
  const language = locale.split('-')[0].toLowerCase();
  return isSupportedLanguage(language) ? language : DEFAULT_LOCALE;
}

/** What a validation error about a locale says: the supported languages, and that a region may follow. */
export function unsupportedLocaleMessage(attribute: string): string {
  return (
    `The ${attribute} field must be one of the supported languages: ${SUPPORTED_LANGUAGES.join(', ')} ` +
    '(a BCP 47 tag, optionally with a region such as pt-BR).'
  );
}
