import { Client } from 'pg';
import { PageRequest } from '@lib/http';
import { PersonRepository } from '../../src/people/application/person.repository';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant } from '../support/fixtures';
import { createPerson } from '../support/membership-fixtures';

/**
 * A `?name=` count missing at the current people version is computed by one reader at a time: while another holds
 * the filter's lock (counting), a reader answers the newest earlier count, or, with none, waits for the counter and
 * reads what it stored. The counter is played here by a session holding that lock.
 */
describe('people filter counts: computed once, not by every reader at once', () => {
  let c: AdapterContext;
  let org: string;
  let counter: Client;
  const people = () => c.app.get(PersonRepository);
  const filterKey = (name: string) => JSON.stringify({ archived: false, name: `%${name}%` });
  const lock = (key: string) =>
    counter.query(`SELECT pg_advisory_lock(hashtextextended('people_filter_counts:' || $1 || ':' || $2, 0))`, [
      org,
      key,
    ]);
  const unlock = (key: string) =>
    counter.query(`SELECT pg_advisory_unlock(hashtextextended('people_filter_counts:' || $1 || ':' || $2, 0))`, [
      org,
      key,
    ]);
  const version = async () =>
    Number(
      (
        await counter.query(
          `SELECT coalesce(sum(version), 0)::bigint AS v FROM people_versions WHERE organization_id = $1`,
          [org],
        )
      ).rows[0].v,
    );
  const storedCounts = async (key: string) =>
    (
      await counter.query(
        `SELECT version::int, total FROM people_filter_counts WHERE organization_id = $1 AND filter = $2::jsonb
         ORDER BY version`,
        [org, key],
      )
    ).rows as { version: number; total: number }[];

  beforeAll(async () => {
    c = await startAdapterContext();
    org = (await createTenant(c.app)).organizationId;
    for (let i = 0; i < 3; i++) await createPerson(c.app, org, { firstName: 'Ann', lastName: `Lee ${i}` });
    counter = new Client({ connectionString: c.config.databaseUrl });
    await counter.connect();
  });
  afterAll(async () => {
    await counter?.end();
    await c?.close();
  });

  it('counts a missing filter and stores it when nobody else is counting it', async () => {
    const page = await people().page(org, { archived: false, name: 'ann' }, new PageRequest(1, 25));
    expect(page.total).toBe(3);
    expect(await storedCounts(filterKey('ann'))).toEqual([{ version: await version(), total: 3 }]);
  });

  it('while another reader counts, answers the previous count at once and stores nothing', async () => {
    await createPerson(c.app, org, { firstName: 'Ann', lastName: 'Lee 3' });
    await lock(filterKey('ann'));
    try {
      const page = await people().page(org, { archived: false, name: 'ann' }, new PageRequest(1, 25));
      // The rows are today's; the total is the last one counted, until the counter stores this version's.
      expect(page.items).toHaveLength(4);
      expect(page.total).toBe(3);
      expect((await storedCounts(filterKey('ann'))).map((row) => row.total)).toEqual([3]);
    } finally {
      await unlock(filterKey('ann'));
    }
    const counted = await people().page(org, { archived: false, name: 'ann' }, new PageRequest(1, 25));
    expect(counted.total).toBe(4);
  });

  it('with no earlier count, waits for the counter and reads the count it stored', async () => {
    const key = filterKey('lee 2');
    await lock(key);
    let answered = false;
    const reading = people()
      .page(org, { archived: false, name: 'lee 2' }, new PageRequest(1, 25))
      .finally(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    // What the counter stores is what the waiting reader answers (a total no count of the rows would give).
    await counter.query(
      `INSERT INTO people_filter_counts (organization_id, filter, version, total) VALUES ($1, $2::jsonb, $3, 99)`,
      [org, key, await version()],
    );
    await unlock(key);
    const page = await reading;
    expect(page.total).toBe(99);
    expect(page.items.map((person) => person.lastName)).toEqual(['Lee 2']);
  });
});
