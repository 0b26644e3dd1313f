import { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { Response } from 'express';
import { CsvCell, csvCell, csvWriter, sendCsv } from './csv-download';

const csvOf = async (header: string[], rows: unknown[][]) =>
  text(Readable.from(rows.map((row) => row.map((cell) => csvCell(cell as string)))).pipe(csvWriter(header)));

describe('the CSV writer', () => {
  it('writes a header row and quotes as RFC 4180 says, with CRLF', async () => {
    expect(
      await csvOf(
        ['a', 'b'],
        [
          ['x', 'b,c'],
          ['say "hi"', null],
          ['line\nbreak', 'cr\rhere'],
        ],
      ),
    ).toBe('a,b\r\nx,"b,c"\r\n"say ""hi""",\r\n"line\nbreak","cr\rhere"\r\n');
  });

  it('defuses formulas: =, +, -, @, tab and carriage return at the start get a quote mark', async () => {
    expect(await csvOf(['c'], [['=1+1'], ['+x'], ['-2'], ['@SUM(A1)'], ['\tt'], ['\rcr'], ['ok=']])).toBe(
      "c\r\n'=1+1\r\n'+x\r\n'-2\r\n'@SUM(A1)\r\n'\tt\r\n\"'\rcr\"\r\nok=\r\n",
    );
  });

  it('keeps right-to-left text and markup verbatim, and a header alone for no rows', async () => {
    expect(await csvOf(['n'], [['שלום <b>x</b>']])).toBe('n\r\nשלום <b>x</b>\r\n');
    expect(await csvOf(['n', 'm'], [])).toBe('n,m\r\n');
  });

  it('defuses formulas in the text written to it directly, too', async () => {
    expect(await text(Readable.from([['=1+1', 'ok']]).pipe(csvWriter(['c', 'd'])))).toBe("c,d\r\n'=1+1,ok\r\n");
  });

  it('writes dates as ISO 8601 and nothing for null', () => {
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

/** What sendCsv needs of Express's response: a writable stream with status() and set(). */
class RecordedResponse extends Writable {
  statusCode: number | null = null;
  headers: Record<string, string> = {};
  body = '';

  constructor(private readonly leaveAfterChunks = Infinity) {
    super();
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  set(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.body += chunk.toString('utf8');
    done();
    // The client goes away: the socket is destroyed without an error.
    if (this.body.split('\r\n').length - 1 >= this.leaveAfterChunks) this.destroy();
  }
}

/** Rows from a source that says when it was closed, failing at the row `failAt` when given. */
function source(rows: CsvCell[][], options: { failAt?: number; endless?: boolean } = {}) {
  const state = { closed: false };
  async function* iterate(): AsyncGenerator<CsvCell[]> {
    try {
      for (let index = 0; options.endless || index < rows.length; index++) {
        if (index === options.failAt) throw new Error('the cursor was lost');
        yield rows[index % rows.length];
      }
    } finally {
      state.closed = true;
    }
  }
  return { rows: iterate(), state };
}

describe('sendCsv', () => {
  it('answers 200 with the rows as a CSV attachment, its own headers kept unless they name the type', async () => {
    const response = new RecordedResponse();
    const { rows, state } = source([
      ['Ada', new Date('2026-01-02T03:04:05Z')],
      ['=cmd', null],
    ]);
    await sendCsv(response as unknown as Response, {
      filename: 'people.csv',
      header: ['name', 'at'],
      rows,
      headers: { 'Content-Type': 'text/plain', 'X-Export-Total': '2' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="people.csv"',
      'X-Export-Total': '2',
    });
    expect(response.body).toBe("name,at\r\nAda,2026-01-02T03:04:05.000Z\r\n'=cmd,\r\n");
    expect(state.closed).toBe(true);
  });

  it('sends the header row alone for no rows', async () => {
    const response = new RecordedResponse();
    await sendCsv(response as unknown as Response, { filename: 'x.csv', header: ['a', 'b'], rows: source([]).rows });
    expect(response.body).toBe('a,b\r\n');
  });

  it('answers nothing when the first row fails, so the caller can answer the error', async () => {
    const response = new RecordedResponse();
    const { rows } = source([['a']], { failAt: 0 });
    await expect(sendCsv(response as unknown as Response, { filename: 'x.csv', header: ['a'], rows })).rejects.toThrow(
      'the cursor was lost',
    );
    expect(response.statusCode).toBeNull();
    expect(response.body).toBe('');
  });

  it('cuts the download short when a later row fails, never leaving a file that looks whole', async () => {
    const response = new RecordedResponse();
    const { rows, state } = source([['a'], ['b'], ['c']], { failAt: 2 });
    await expect(sendCsv(response as unknown as Response, { filename: 'x.csv', header: ['h'], rows })).rejects.toThrow(
      'the cursor was lost',
    );
    expect(response.statusCode).toBe(200);
    expect(response.destroyed).toBe(true);
    expect(response.errored?.message).toBe('the cursor was lost');
    expect(state.closed).toBe(true);
  });

  it('stops reading and closes the source when the client goes away, without an error', async () => {
    const response = new RecordedResponse(3);
    const { rows, state } = source([['a'], ['b']], { endless: true });
    await sendCsv(response as unknown as Response, { filename: 'x.csv', header: ['h'], rows });
    // The source is endless: that the call returned at all shows the reading stopped.
    expect(state.closed).toBe(true);
    expect(response.errored).toBeNull();
  });
});
