import { createHash } from 'node:crypto';

/**
 * What makes two requests "the same request" for a key: the method, the path, and the body compared as JSON
 * (object keys in any order, any whitespace; no body is `{}`). Paths are compared in lower case and without a
 * trailing slash, since the API routes them that way (ids are accepted in either case). The query string is not
 * part of it: no POST or PATCH reads one.
 */
export function requestFingerprint(request: { method: string; path: string; body: unknown }): string {
  const path = request.path.toLowerCase().replace(/(.)\/+$/, '$1');
  const body = request.body === undefined || request.body === null ? {} : request.body;
  return createHash('sha256')
    .update(`${request.method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** JSON with every object's keys sorted, so equal documents have one spelling. Arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
