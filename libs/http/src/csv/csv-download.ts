import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';

export type CsvCell = string | number | boolean | Date | null | undefined;

/**
 * A cell as written: dates as ISO 8601, null as empty, and a text that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return prefixed with `'`, so a spreadsheet never reads it as a formula.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The writer every CSV of the service goes through: RFC 4180 (CRLF, quotes doubled, quoted when needed), UTF-8. */
export function csvWriter(header: readonly string[]): Transform {
  return stringify({
    header: true,
    columns: header.map(String),
    record_delimiter: 'windows',
    // A lone CR or LF inside a cell is quoted too (RFC 4180), not only the full CRLF delimiter.
    quoted_match: /[\r\n]/,
    cast: { string: csvCell },
  });
}

/**
 * Sends `rows` as a CSV attachment, header row first, streamed: a row is read from `rows` only when the client has
 * taken the previous ones (backpressure through the pipeline), and a client that goes away ends the iteration, which
 * lets the source close its cursor. The first row is read before anything is sent, so an error there still gets a
 * proper answer from the caller's error handling; later errors cut the download short.
 */
export async function sendCsv(
  response: Response,
  input: {
    filename: string;
    header: readonly string[];
    rows: AsyncIterable<readonly CsvCell[]>;
    headers?: Record<string, string>;
  },
): Promise<void> {
  const iterator = input.rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  response.status(200).set({
    ...input.headers,
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${input.filename}"`,
  });
  async function* all(): AsyncGenerator<string[]> {
    try {
      if (!first.done) yield first.value.map(csvCell);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value.map(csvCell);
    } finally {
      await iterator.return?.();
    }
  }
  await pipeline(
    // Object mode is Readable.from's own; up to 16 rows read ahead of the client (its default is one).
    Readable.from(all(), { highWaterMark: 16 }),
    csvWriter(input.header),
    response,
  ).catch((error: NodeJS.ErrnoException) => {
    // The client went away: nothing to answer, the source is closed by then.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    // Failed once sending began: the pipeline has destroyed the response with the error, which cuts the
    // connection, so the client sees an incomplete download, never a short file that looks whole.
    throw error;
  });
}
