import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { csvCell, csvWriter } from './csv-download';

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

  it('writes dates as ISO 8601 and nothing for null', () => {
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
