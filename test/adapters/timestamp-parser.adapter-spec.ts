import fc from 'fast-check';
import { Client, types } from 'pg';
import { parseTimestamptz } from '../../src/database/timestamp-parser';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/** pg's own parser, as it was before ours replaced it. */
const pgParser = types.getTypeParser(1184, 'text') as (text: string) => Date | number | null;
const valueOf = (parsed: Date | number | null) => (parsed instanceof Date ? parsed.getTime() : parsed);

const two = (n: number) => String(n).padStart(2, '0');

/** Texts in PostgreSQL's ISO output form, and the forms around it that must go to pg's own parser. */
const timestamptzText = fc
  .record({
    year: fc.oneof(
      fc.integer({ min: 100, max: 9999 }),
      fc.integer({ min: 1, max: 99 }),
      fc.integer({ min: 10000, max: 294276 }),
    ),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }),
    offset: fc.constantFrom('+00', '-05', '+14', '-12', '+05:30', '-03:30', '+00:00:12'),
    bc: fc.boolean(),
  })
  .map(
    (t) =>
      `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}` +
      `${t.fraction === undefined ? '' : `.${t.fraction}`}${t.offset}${t.bc ? ' BC' : ''}`,
  );

describe('parseTimestamptz', () => {
  it('reads every text as pg’s own parser does (property)', () => {
    // The reference is pg's parser, not ours installed in its place.
    expect(pgParser).not.toBe(parseTimestamptz);
    expect(pgParser.name).toBe('parseDate');
    fc.assert(
      fc.property(timestamptzText, (text) => {
        expect(valueOf(parseTimestamptz(text))).toBe(valueOf(pgParser(text)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('passes infinity and malformed texts to pg’s own parser', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '2026-11-22',
      'garbage',
      '2026-11-22 10:00:00.123456+0x',
      '2026-1x-22 10:00:00+00',
    ]) {
      expect(valueOf(parseTimestamptz(text))).toEqual(valueOf(pgParser(text)));
    }
  });

  describe('through PostgreSQL', () => {
    let database: TestDatabase;
    let client: Client;
    beforeAll(async () => {
      database = await createTestDatabase();
      client = new Client({ connectionString: database.url, types: { getTypeParser: () => (text: string) => text } });
      await client.connect();
    });
    afterAll(async () => {
      await client?.end();
      await database?.drop();
    });

    it('reads what the server writes, in any session time zone, to the millisecond it holds', async () => {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
        await client.query(`SET TIME ZONE '${zone}'`);
        const { rows } = await client.query<{ text: string; epoch_ms: string }>(
          `SELECT t::text AS text, CASE WHEN isfinite(t) THEN floor(extract(epoch FROM t) * 1000)::bigint::text END AS epoch_ms
           FROM (VALUES ('2026-11-22 10:00:00.123456+00'::timestamptz), ('1999-12-31 23:59:59.9999+00'),
                        ('2000-02-29 00:00:00+00'), ('0150-06-01 12:00:00.5+00'), ('infinity'), ('0044-03-15 12:00:00+00'),
                        (now())) v (t)`,
        );
        for (const row of rows) {
          const parsed = parseTimestamptz(row.text);
          if (row.text === 'infinity') expect(parsed).toBe(Infinity);
          else expect([row.text, (parsed as Date).getTime()]).toEqual([row.text, Number(row.epoch_ms)]);
        }
      }
    });
  });
});
