import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { DEFAULT_LOCALE, languageOf, type Locale, normaliseLocale, type SupportedLanguage } from '@lib/core';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import it from './messages/it.json';
import nl from './messages/nl.json';
import pt from './messages/pt.json';

/** A message's id: the English file is the reference every other language must match, key for key. */
export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;

/** The messages of each supported language (ICU MessageFormat, one JSON file per language). */
export const MESSAGES: Record<SupportedLanguage, Record<string, string>> = { en, fr, de, es, it, nl, pt };

/** A value put into a message: text, a number (plurals), or a piece of markup the caller renders (`T`). */
export type MessageValue<T> = string | number | T | ((chunks: (string | T)[]) => T);

/** How times read: the page's sentence (`22 November 2026 at 10:15 UTC`), the certificate's compact stamp. */
export type TimeStyle = 'sentence' | 'stamp';

const TIME_FORMATS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  sentence: {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  },
  stamp: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  },
};

/**
 * The words and dates of one locale. Messages are the language's (`pt-BR` speaks `pt`); dates follow the whole
 * tag (`fr-CA` writes `11 h 30`). English without a region writes dates day first on a 24-hour clock, as the
 * service always has: readable the world over.
 */
export class Translator {
  private static readonly cache = new Map<Locale, Translator>();
  private static readonly intlCache = createIntlCache();

  private constructor(
    readonly locale: Locale,
    readonly language: SupportedLanguage,
    private readonly intl: IntlShape<unknown>,
  ) {}

  /** The translator of a stored locale; English for none, or for a tag the service does not speak. */
  static for(locale: string | null | undefined): Translator {
    const canonical = (locale && normaliseLocale(locale)) || DEFAULT_LOCALE;
    let translator = Translator.cache.get(canonical);
    if (!translator) {
      const language = languageOf(canonical);
      const intl = createIntl<unknown>(
        {
          locale: canonical === 'en' ? 'en-GB' : canonical,
          defaultLocale: DEFAULT_LOCALE,
          // A language's file is checked complete by a test; English stands in should one ever lack a key.
          messages: { ...MESSAGES.en, ...MESSAGES[language] },
          onError: (error) => {
            throw error;
          },
        },
        Translator.intlCache,
      );
      translator = new Translator(canonical, language, intl);
      Translator.cache.set(canonical, translator);
    }
    return translator;
  }

  /**
   * The first supported language of an `Accept-Language` header (its order of preference, `q` weights
   * honoured), for pages shown before anyone is known; English when none is supported.
   */
  static negotiate(acceptLanguage: string | undefined): Translator {
    const ranked = (acceptLanguage ?? '')
      .split(',')
      .map((entry, index) => {
        const [tag, ...parameters] = entry.trim().split(';');
        const q = parameters.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
        return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
      })
      .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
      .sort((a, b) => b.q - a.q || a.index - b.index);
    for (const { tag } of ranked) {
      const locale = normaliseLocale(tag) ?? normaliseLocale(tag.split('-')[0]);
      if (locale) return Translator.for(locale);
    }
    return Translator.for(DEFAULT_LOCALE);
  }

  /** A message as plain text (emails, PDF). */
  text(key: MessageKey, values?: Record<string, string | number>): string {
    return this.intl.formatMessage({ id: key }, values) as string;
  }

  /**
   * A message whose values include markup (`T`, e.g. escaped HTML): the text around them in order, for the
   * caller to escape and join. Tags in a message (`<link>…</link>`) call the function value of that name.
   */
  parts<T>(key: MessageKey, values: Record<string, MessageValue<T>>): (string | T)[] {
    const formatted = this.intl.formatMessage({ id: key }, values as never) as unknown;
    return Array.isArray(formatted) ? (formatted as (string | T)[]) : [formatted as string | T];
  }

  time(at: Date, style: TimeStyle): string {
    return this.intl.formatDate(at, TIME_FORMATS[style]);
  }
}
