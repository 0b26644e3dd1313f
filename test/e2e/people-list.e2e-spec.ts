import { FixedClock } from '@lib/core';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { CreatePerson, CreatePersonInput } from '../../src/people/application/create-person.use-case';
import type { Person } from '../../src/people/domain/person';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const API = 'http://api.test/api/v1';

describe('GET /api/v1/people', () => {
  let t: TestApp;
  let clock: FixedClock;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    clock = t.clock as FixedClock;
  });
  afterAll(() => t.close());

  /** People one millisecond apart, so created_at orders them as created. */
  async function addPeople(tenant: Tenant, people: Omit<CreatePersonInput, 'organizationId'>[]): Promise<Person[]> {
    const created: Person[] = [];
    for (const person of people) {
      clock.advance(1);
      created.push(await t.app.get(CreatePerson).execute({ organizationId: tenant.organizationId, ...person }));
    }
    return created;
  }

  function numbered(count: number, prefix = 'person'): Omit<CreatePersonInput, 'organizationId'>[] {
    return Array.from({ length: count }, (_, i) => ({
      firstName: 'Member',
      lastName: `${prefix}${String(i).padStart(3, '0')}`,
      email: `${prefix}${i}@example.test`,
    }));
  }

  const get = (tenant: Tenant, query: Record<string, string> | string = {}) =>
    t.http.get(`/api/v1/people?${new URLSearchParams(query as Record<string, string>).toString()}`).set(tenant.auth);

  const ids = (body: { data: { id: string }[] }) => body.data.map((person) => person.id);

  describe('the pagination envelope', () => {
    let tenant: Tenant;
    let people: Person[];
    beforeAll(async () => {
      tenant = await createTenant(t.app);
      people = await addPeople(tenant, numbered(30));
    });

    it('defaults to page 1 of 25, oldest first, with absolute links built from APP_URL', async () => {
      const { body } = await get(tenant).set('Host', 'evil.example').expect(200);
      expect(ids(body)).toEqual(people.slice(0, 25).map((p) => p.id));
      expect(body.links).toEqual({
        first: `${API}/people?per_page=25&page=1`,
        last: `${API}/people?per_page=25&page=2`,
        prev: null,
        next: `${API}/people?per_page=25&page=2`,
      });
      expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 25, to: 25, total: 30 });
      expect(Object.keys(body).sort()).toEqual(['data', 'links', 'meta']);
    });

    it('answers the last, partial page with from/to and a prev link', async () => {
      const { body } = await get(tenant, { page: '2' }).expect(200);
      expect(ids(body)).toEqual(people.slice(25).map((p) => p.id));
      expect(body.meta).toEqual({ current_page: 2, from: 26, last_page: 2, per_page: 25, to: 30, total: 30 });
      expect(body.links.prev).toBe(`${API}/people?per_page=25&page=1`);
      expect(body.links.next).toBeNull();
    });

    it('accepts per_page 1 and 100, the bounds', async () => {
      const one = await get(tenant, { per_page: '1', page: '3' }).expect(200);
      expect(ids(one.body)).toEqual([people[2].id]);
      expect(one.body.meta).toMatchObject({ from: 3, to: 3, last_page: 30, per_page: 1 });
      const hundred = await get(tenant, { per_page: '100' }).expect(200);
      expect(hundred.body.data).toHaveLength(30);
      expect(hundred.body.meta).toMatchObject({ last_page: 1, per_page: 100, from: 1, to: 30 });
      expect(hundred.body.links).toMatchObject({ prev: null, next: null, last: `${API}/people?per_page=100&page=1` });
    });

    it.each([
      ['per_page', '0', 'The per page field must be at least 1.'],
      ['per_page', '101', 'The per page field must not be greater than 100.'],
      ['per_page', 'ten', 'The per page field must be an integer.'],
      ['per_page', '2.5', 'The per page field must be an integer.'],
      ['page', '0', 'The page field must be at least 1.'],
      ['page', '-1', 'The page field must be an integer.'], // written with a sign: not a whole number as the contract words it
      ['page', 'two', 'The page field must be an integer.'],
      ['page', '1e3', 'The page field must be an integer.'],
    ])('refuses %s=%s with 422', async (field, value, message) => {
      const { body } = await get(tenant, { [field]: value }).expect(422);
      expect(body).toEqual({ message, errors: { [field]: [message] } });
    });

    it('summarises several query errors as Laravel does', async () => {
      const { body } = await get(tenant, { per_page: '0', page: '0' }).expect(422);
      expect(body.message).toBe('The per page field must be at least 1. (and 1 more error)');
      expect(Object.keys(body.errors).sort()).toEqual(['page', 'per_page']);
    });

    it('answers a page past the end with 200, empty data and null from/to', async () => {
      const { body } = await get(tenant, { page: '7' }).expect(200);
      expect(body.data).toEqual([]);
      expect(body.meta).toEqual({ current_page: 7, from: null, last_page: 2, per_page: 25, to: null, total: 30 });
      expect(body.links.next).toBeNull();
      expect(body.links.last).toBe(`${API}/people?per_page=25&page=2`);
    });

    it('answers a page far past the end without failing', async () => {
      const { body } = await get(tenant, { page: '9007199254740991' }).expect(200);
      expect(body.data).toEqual([]);
      expect(body.meta.total).toBe(30);
    });

    it('visits every person exactly once when following next to the end', async () => {
      const seen: string[] = [];
      let next: string | null = `${API}/people?per_page=7`;
      let pages = 0;
      while (next) {
        const { body }: { body: { data: { id: string; name: string }[]; links: { next: string | null } } } =
          await t.http.get(next.replace('http://api.test', '')).set(tenant.auth).expect(200);
        seen.push(...ids(body));
        next = body.links.next;
        pages++;
      }
      expect(pages).toBe(5);
      expect(seen).toEqual(people.map((p) => p.id));
    });

    it('orders people created at the same instant by id', async () => {
      const other = await createTenant(t.app);
      const sameInstant = await Promise.all(
        numbered(5, 'twin').map((person) =>
          t.app.get(CreatePerson).execute({ organizationId: other.organizationId, ...person }),
        ),
      );
      const { body } = await get(other).expect(200);
      expect(ids(body)).toEqual(sameInstant.map((p) => p.id).sort());
    });
  });

  describe('an organization with no people', () => {
    it('answers an empty first page whose last_page is 1', async () => {
      const tenant = await createTenant(t.app);
      const { body } = await get(tenant).expect(200);
      expect(body).toEqual({
        data: [],
        links: {
          first: `${API}/people?per_page=25&page=1`,
          last: `${API}/people?per_page=25&page=1`,
          prev: null,
          next: null,
        },
        meta: { current_page: 1, from: null, last_page: 1, per_page: 25, to: null, total: 0 },
      });
    });
  });

  describe('filters', () => {
    let tenant: Tenant;
    let ada: Person, grace: Person, percent: Person, underscore: Person, backslash: Person, noFirst: Person;
    beforeAll(async () => {
      tenant = await createTenant(t.app);
      [ada, grace, percent, underscore, backslash, noFirst] = await addPeople(tenant, [
        { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada.Lovelace@Example.test', phone: '+44 20 7946 0958' },
        { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test', phone: '+1 415 555 2671' },
        { firstName: '100%', lastName: 'Sure', email: 'percent@example.test' },
        { firstName: 'Snake', lastName: 'Case_Name', email: 'under_score@example.test' },
        { firstName: 'Back', lastName: 'Sla\\sh', email: 'backslash@example.test' },
        { lastName: 'Mononym', email: 'mono@example.test' },
      ]);
    });

    it('matches name anywhere in the full name, ignoring case', async () => {
      expect(ids((await get(tenant, { name: 'LOVE' }).expect(200)).body)).toEqual([ada.id]);
      expect(ids((await get(tenant, { name: 'a lov' }).expect(200)).body)).toEqual([ada.id]);
      expect(ids((await get(tenant, { name: 'ace hop' }).expect(200)).body)).toEqual([grace.id]);
      expect(ids((await get(tenant, { name: 'mononym' }).expect(200)).body)).toEqual([noFirst.id]);
    });

    it('ignores the case of letters beyond ASCII, and matches a name as it is now after an edit', async () => {
      const other = await createTenant(t.app);
      const [elodie] = await addPeople(other, [
        { firstName: 'Élodie', lastName: 'Ørsted', email: 'Elodie.Orsted@Example.test' },
        { firstName: 'Eloise', lastName: 'Orr', email: 'eloise@example.test' },
      ]);
      expect(ids((await get(other, { name: 'élodie ø' }).expect(200)).body)).toEqual([elodie.id]);
      expect(ids((await get(other, { name: 'ØRSTED' }).expect(200)).body)).toEqual([elodie.id]);
      expect(ids((await get(other, { email: 'elodie.ORSTED' }).expect(200)).body)).toEqual([elodie.id]);
      await t.http
        .patch(`/api/v1/people/${elodie.id}`)
        .set(other.auth)
        .send({ first_name: 'Hélène', email: 'HELENE@example.test' })
        .expect(200);
      expect(ids((await get(other, { name: 'élodie' }).expect(200)).body)).toEqual([]);
      expect(ids((await get(other, { name: 'HÉLÈNE ørs' }).expect(200)).body)).toEqual([elodie.id]);
      expect(ids((await get(other, { email: 'elodie' }).expect(200)).body)).toEqual([]);
      expect(ids((await get(other, { email: 'helene@' }).expect(200)).body)).toEqual([elodie.id]);
    });

    it('matches email anywhere, ignoring case', async () => {
      expect(ids((await get(tenant, { email: 'ada.lovelace@EXAMPLE' }).expect(200)).body)).toEqual([ada.id]);
      expect(ids((await get(tenant, { email: 'NAVY' }).expect(200)).body)).toEqual([grace.id]);
    });

    it('matches phone anywhere in the stored E.164 form', async () => {
      expect(ids((await get(tenant, { phone: '5552671' }).expect(200)).body)).toEqual([grace.id]);
      expect(ids((await get(tenant, { phone: '+44' }).expect(200)).body)).toEqual([ada.id]);
      expect(ids((await get(tenant, { phone: '415 555' }).expect(200)).body)).toEqual([]);
    });

    it('takes % and _ literally', async () => {
      expect(ids((await get(tenant, { name: '%' }).expect(200)).body)).toEqual([percent.id]);
      expect(ids((await get(tenant, { name: '0% s' }).expect(200)).body)).toEqual([percent.id]);
      expect(ids((await get(tenant, { name: '_' }).expect(200)).body)).toEqual([underscore.id]);
      expect(ids((await get(tenant, { email: 'r_s' }).expect(200)).body)).toEqual([underscore.id]);
      expect(ids((await get(tenant, { email: '_' }).expect(200)).body)).toEqual([underscore.id]);
      expect(ids((await get(tenant, { name: 'a\\s' }).expect(200)).body)).toEqual([backslash.id]);
      expect(ids((await get(tenant, { phone: '%' }).expect(200)).body)).toEqual([]);
    });

    it('combines filters', async () => {
      expect(ids((await get(tenant, { name: 'a', email: 'navy' }).expect(200)).body)).toEqual([grace.id]);
      expect(ids((await get(tenant, { name: 'ada', email: 'navy' }).expect(200)).body)).toEqual([]);
    });

    it('treats an empty filter as no filter', async () => {
      const { body } = await get(tenant, { name: '', email: ' ' }).expect(200);
      expect(body.meta.total).toBe(6);
    });

    it('keeps the filters and per_page in every link', async () => {
      await addPeople(tenant, numbered(3, 'adam'));
      const { body } = await get(tenant, {
        name: 'ADA',
        email: 'example',
        per_page: '1',
        page: '2',
        archived: 'false',
      }).expect(200);
      const expected = (page: number) => `${API}/people?name=ADA&email=example&archived=false&per_page=1&page=${page}`;
      expect(body.meta.total).toBe(4);
      expect(body.links).toEqual({ first: expected(1), last: expected(4), prev: expected(1), next: expected(3) });
      const followed = await t.http.get(body.links.next.replace('http://api.test', '')).set(tenant.auth).expect(200);
      expect(followed.body.meta).toMatchObject({ current_page: 3, total: 4 });
    });

    it.each([
      ['name', 255, 'The name field must not be greater than 255 characters.'],
      ['email', 255, 'The email field must not be greater than 255 characters.'],
      ['phone', 50, 'The phone field must not be greater than 50 characters.'],
    ])('limits %s to %i characters', async (field, max, message) => {
      await get(tenant, { [field]: 'x'.repeat(max) }).expect(200);
      const { body } = await get(tenant, { [field]: 'x'.repeat(max + 1) }).expect(422);
      expect(body).toEqual({ message, errors: { [field]: [message] } });
    });

    it('refuses a filter given twice (an array) with 422', async () => {
      const { body } = await get(tenant, 'name=a&name=b').expect(422);
      expect(body.errors).toEqual({ name: ['The name field must be a string.'] });
    });

    it('ignores unknown query parameters', async () => {
      const { body } = await get(tenant, { colour: 'blue' }).expect(200);
      expect(body.meta.total).toBe(9);
      expect(body.links.first).toBe(`${API}/people?per_page=25&page=1`);
    });
  });

  describe('archived', () => {
    let tenant: Tenant;
    let active: Person, archived: Person;
    beforeAll(async () => {
      tenant = await createTenant(t.app);
      [active, archived] = await addPeople(tenant, [
        { lastName: 'Active', email: 'active@example.test' },
        { lastName: 'Archived', email: 'archived@example.test' },
      ]);
      await t.app.get(ArchivePerson).execute({ personId: archived.id });
    });

    it.each([
      [undefined, 'active'],
      ['false', 'active'],
      ['0', 'active'],
      ['true', 'archived'],
      ['1', 'archived'],
    ])('archived=%s lists only %s people', async (value, which) => {
      const { body } = await get(tenant, value === undefined ? {} : { archived: value }).expect(200);
      expect(ids(body)).toEqual([which === 'active' ? active.id : archived.id]);
      if (which === 'archived') expect(body.data[0].archived_at).toBe(clock.now().toISOString());
    });

    it.each(['yes', 'TRUE', 'False', '2', '', 'null'])('refuses archived=%j with 422', async (value) => {
      const { body } = await get(tenant, { archived: value }).expect(422);
      expect(body).toEqual({
        message: 'The selected archived is invalid.',
        errors: { archived: ['The selected archived is invalid.'] },
      });
    });
  });

  describe('?id=', () => {
    let tenant: Tenant;
    let ada: Person, archived: Person;
    beforeAll(async () => {
      tenant = await createTenant(t.app);
      [ada, archived] = await addPeople(tenant, [
        { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
        { lastName: 'Gone', email: 'gone@example.test' },
      ]);
      await t.app.get(ArchivePerson).execute({ personId: archived.id });
    });

    it('answers { data: [person] } without links or meta', async () => {
      const { body } = await get(tenant, { id: ada.id }).expect(200);
      expect(Object.keys(body)).toEqual(['data']);
      expect(ids(body)).toEqual([ada.id]);
    });

    it('accepts the id in upper case', async () => {
      expect(ids((await get(tenant, { id: ada.id.toUpperCase() }).expect(200)).body)).toEqual([ada.id]);
    });

    it('answers { data: [] } for an unknown id', async () => {
      expect((await get(tenant, { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }).expect(200)).body).toEqual({ data: [] });
    });

    it('still applies the other filters', async () => {
      expect((await get(tenant, { id: ada.id, name: 'grace' }).expect(200)).body).toEqual({ data: [] });
      // Matched as the list matches: anywhere, ignoring case.
      expect(ids((await get(tenant, { id: ada.id, name: 'a LOV', email: 'EXAMPLE' }).expect(200)).body)).toEqual([
        ada.id,
      ]);
      expect((await get(tenant, { id: archived.id }).expect(200)).body).toEqual({ data: [] });
      expect(ids((await get(tenant, { id: archived.id, archived: 'true' }).expect(200)).body)).toEqual([archived.id]);
    });

    it('ignores per_page and page but still validates them', async () => {
      expect(ids((await get(tenant, { id: ada.id, page: '5' }).expect(200)).body)).toEqual([ada.id]);
      await get(tenant, { id: ada.id, per_page: '0' }).expect(422);
    });

    it.each(['not-a-ulid', '01ARZ3NDEKTSV4RRFFQ69G5FA', '81ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAU'])(
      'refuses the malformed id %s with 422',
      async (id) => {
        const { body } = await get(tenant, { id }).expect(422);
        expect(body).toEqual({
          message: 'The id field must be a valid ULID.',
          errors: { id: ['The id field must be a valid ULID.'] },
        });
      },
    );
  });

  describe('organizations', () => {
    it('never shows another organization’s people, by list, filter or id', async () => {
      const mine = await createTenant(t.app);
      const theirs = await createTenant(t.app);
      const [own] = await addPeople(mine, [{ lastName: 'Mine', email: 'shared@example.test', phone: '+14155552671' }]);
      const [foreign] = await addPeople(theirs, [
        { lastName: 'Theirs', email: 'shared@example.test', phone: '+14155552671' },
      ]);
      await t.app
        .get(ArchivePerson)
        .execute({ personId: (await addPeople(theirs, [{ lastName: 'Old', email: 'old@example.test' }]))[0].id });

      expect(ids((await get(mine).expect(200)).body)).toEqual([own.id]);
      expect(ids((await get(mine, { email: 'shared' }).expect(200)).body)).toEqual([own.id]);
      expect(ids((await get(mine, { phone: '415' }).expect(200)).body)).toEqual([own.id]);
      expect((await get(mine, { archived: 'true' }).expect(200)).body.meta.total).toBe(0);
      expect((await get(mine, { id: foreign.id }).expect(200)).body).toEqual({ data: [] });
      expect((await get(mine).expect(200)).body.meta.total).toBe(1);
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 to a group manager', async () => {
      await t.http.get('/api/v1/people').expect(401);
      const manager = await createTenant(t.app, { role: 'group_manager' });
      const { body } = await get(manager).expect(403);
      expect(body).toEqual({ message: 'This action is unauthorized.' });
    });

    it('answers 402 to an organization without a subscription', async () => {
      const inactive = await createTenant(t.app, { billing: 'inactive' });
      await get(inactive).expect(402);
    });
  });
});
