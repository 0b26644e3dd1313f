import { escapeHtml } from '@lib/http';

/** HTML that is already safe: markup we wrote, or user text escaped on its way in. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * A template literal tag that escapes every interpolated value, unless it is SafeHtml. Arrays are joined;
 * null, undefined and false print nothing. So a name or a message can only ever appear as text.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    out += fragment(value) + strings[index + 1];
  });
  return new SafeHtml(out);
}

function fragment(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}
