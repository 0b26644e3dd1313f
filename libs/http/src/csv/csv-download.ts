import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';

export type CsvCell = string | number | boolean | Date | null | undefined;

/** Starts of a text a spreadsheet would read as a formula. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * A cell as written: dates as ISO 8601, null as empty, and a text that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return prefixed with `'`, so a spreadsheet never reads it as a formula.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_STARTS.has(text.charAt(0)) ? `'${text}` : text;
}

/** Rows per chunk sent: each batch is written by one call of the writer and sent as one write, not one per row. */
export const CSV_ROWS_PER_CHUNK = 500;

const CSV_OPTIONS = {
  record_delimiter: 'windows',
  // A lone CR or LF inside a cell is quoted too (RFC 4180), not only the full CRLF delimiter.
  quoted_match: /[\r\n]/,
} as const;

/**
 * The writer every CSV of the service goes through (csv-stringify): RFC 4180 (CRLF, quotes doubled, quoted when
 * needed), UTF-8; cells already written by `csvCell`. The header row, when given, comes first.
 */
export function csvText(header: readonly string[] | null, rows: readonly string[][]): string {
  return stringify(header ? [[...header], ...rows] : [...rows], CSV_OPTIONS);
}

/**
 * Sends `rows` as a CSV attachment, header row first, streamed: rows are read from `rows` batch by batch as the client
 * takes the previous chunks (backpressure through the pipeline), and a client that goes away ends the iteration,
 * which lets the source close its cursor. The first row is read before anything is sent, so an error there still gets
 * a proper answer from the caller's error handling; later errors cut the download short.
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
  // A chunk per batch of rows: a row per chunk cost a stream transform, a socket write and an HTTP chunk header each.
  async function* chunks(): AsyncGenerator<string> {
    try {
      let header: readonly string[] | null = input.header;
      let batch: string[][] = first.done ? [] : [first.value.map(csvCell)];
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        batch.push(next.value.map(csvCell));
        if (batch.length < CSV_ROWS_PER_CHUNK) continue;
        yield csvText(header, batch);
        header = null;
        batch = [];
      }
      if (header || batch.length > 0) yield csvText(header, batch);
    } finally {
      await iterator.return?.();
    }
  }
  await pipeline(Readable.from(chunks(), { highWaterMark: 1 }), response).catch((error: NodeJS.ErrnoException) => {
    // The client went away: nothing to answer, the source is closed by then.
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    // Failed once sending began: the connection is cut, so the client sees an incomplete download, never a short
    // file that looks whole.
    response.destroy(error);
    throw error;
  });
}
