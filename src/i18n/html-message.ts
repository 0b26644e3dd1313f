import { escapeHtml } from '@lib/http';
import type { MessageKey, Translator } from './translator';

/** Markup already safe, put into a message as it is (a `<time>`, a link). */
export interface Markup {
  html: string;
}

export type HtmlValue = string | number | Markup | ((chunks: (string | Markup)[]) => Markup);

/**
 * A message as HTML: its own words escaped; each text value (a name someone typed or chose) escaped and set in a
 * `<bdi>`, so a right-to-left name reads in its own direction without reordering the sentence around it; markup
 * values and tags (`<link>…</link>`, rendered by the function of that name) as they are.
 */
export function htmlMessage(t: Translator, key: MessageKey, values: Record<string, HtmlValue> = {}): string {
  const prepared = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? { html: `<bdi>${escapeHtml(value)}</bdi>` } : value,
    ]),
  );
  return t
    .parts<Markup>(key, prepared)
    .map((part) => (typeof part === 'string' ? escapeHtml(part) : part.html))
    .join('');
}
