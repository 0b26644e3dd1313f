import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /api/v1/people and GET /api/v1/people/{id}', () => {
  let t: TestApp;
  let tenant: Tenant;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const email = () => `person${counter++}@example.test`;
  const post = (body: unknown, who: Tenant = tenant) =>
    t.http.post('/api/v1/people').set(who.auth).set('Content-Type', 'application/json').send(JSON.stringify(body));

  const expectFieldError = async (body: unknown, field: string, message: string) => {
    const response = await post(body).expect(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  };

  describe('a valid person', () => {
    it('answers 201 with the Person, source oauth, and stores it', async () => {
      const now = t.clock.now().toISOString();
      const { body } = await post({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.test',
        phone: '+44 20 7946 0958',
      }).expect(201);
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
        organization_id: tenant.organizationId,
        first_name: 'Ada',
        last_name: 'Lovelace',
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        phone: '+442079460958',
        source: 'oauth',
        source_id: null,
        external_id: null,
        user_name: null,
        locale: null,
        archived_at: null,
        created_at: now,
        updated_at: now,
      });
      const shown = await t.http.get(`/api/v1/people/${body.id}`).set(tenant.auth).expect(200);
      expect(shown.body).toEqual(body);
    });

    it('trims names and email', async () => {
      const { body } = await post({
        first_name: '  Grace ',
        last_name: '\tHopper  ',
        email: '  grace.h@example.test ',
      }).expect(201);
      expect(body).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        name: 'Grace Hopper',
        email: 'grace.h@example.test',
      });
    });

    it.each([
      ['absent', {}],
      ['null', { first_name: null }],
      ['empty', { first_name: '' }],
      ['blank', { first_name: '   ' }],
    ])('stores a first_name that is %s as null; name is the last name alone', async (_, extra) => {
      const { body } = await post({ last_name: 'Plato', email: email(), ...extra }).expect(201);
      expect(body).toMatchObject({ first_name: null, last_name: 'Plato', name: 'Plato' });
    });

    it.each([
      ['absent', {}],
      ['null', { phone: null }],
      ['empty', { phone: '' }],
    ])('stores a phone that is %s as null', async (_, extra) => {
      const { body } = await post({ last_name: 'Noone', email: email(), ...extra }).expect(201);
      expect(body.phone).toBeNull();
    });

    it.each([
      ['+14155552671', '+14155552671'],
      ['+1 (415) 555-2671', '+14155552671'],
      [' +1 415.555.2671 ', '+14155552671'],
      ['+33 1 42 68 53 00', '+33142685300'],
      ['+49 30 901820', '+4930901820'],
    ])('stores the phone %j as E.164 %s', async (phone, stored) => {
      const { body } = await post({ last_name: 'Caller', email: email(), phone }).expect(201);
      expect(body.phone).toBe(stored);
    });

    it('ignores unknown fields, source and source_id included', async () => {
      const { body } = await post({
        last_name: 'Sneaky',
        email: email(),
        source: 'web',
        source_id: 'x',
        id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
        organization_id: 'x',
      }).expect(201);
      expect(body).toMatchObject({ source: 'oauth', source_id: null, organization_id: tenant.organizationId });
      expect(body.id).not.toBe('01arz3ndektsv4rrffq69g5fav');
    });

    it('accepts 255 characters in first_name, last_name and email', async () => {
      const address = `${'e'.repeat(242)}@example.test`;
      expect(address).toHaveLength(255);
      const { body } = await post({ first_name: 'f'.repeat(255), last_name: 'l'.repeat(255), email: address }).expect(
        201,
      );
      expect(body.name).toHaveLength(511);
    });

    it('counts characters, not bytes', async () => {
      await post({ last_name: 'é'.repeat(255), email: email() }).expect(201);
    });
  });

  describe('validation', () => {
    it('requires last_name and email, reporting both', async () => {
      const { body } = await post({}).expect(422);
      expect(body).toEqual({
        message: 'The last name field is required. (and 1 more error)',
        errors: { last_name: ['The last name field is required.'], email: ['The email field is required.'] },
      });
    });

    it.each([
      ['missing', undefined],
      ['null', null],
      ['empty', ''],
      ['blank', '   '],
      ['an empty array', []],
    ])('refuses a last_name that is %s', async (_, value) => {
      await expectFieldError({ last_name: value, email: email() }, 'last_name', 'The last name field is required.');
    });

    it.each([
      ['a number', 42],
      ['a boolean', true],
      ['an object', { text: 'x' }],
      ['an array of strings', ['Lovelace']],
    ])('refuses a last_name that is %s', async (_, value) => {
      await expectFieldError(
        { last_name: value, email: email() },
        'last_name',
        'The last name field must be a string.',
      );
    });

    it.each([
      ['first_name', 7, 'The first name field must be a string.'],
      ['first_name', false, 'The first name field must be a string.'],
      ['email', 12, 'The email field must be a string.'],
      ['email', ['a@example.test'], 'The email field must be a string.'],
      ['phone', 14155552671, 'The phone field must be a string.'],
      ['phone', { number: '+14155552671' }, 'The phone field must be a string.'],
    ])('refuses %s of the wrong JSON type (%j)', async (field, value, message) => {
      await expectFieldError({ last_name: 'Typed', email: email(), [field]: value }, field, message);
    });

    it.each([
      ['first_name', 'The first name field must not be greater than 255 characters.'],
      ['last_name', 'The last name field must not be greater than 255 characters.'],
    ])('refuses 256 characters in %s', async (field, message) => {
      await expectFieldError({ last_name: 'Long', email: email(), [field]: 'x'.repeat(256) }, field, message);
    });

    it('refuses a 256-character email', async () => {
      const address = `${'e'.repeat(243)}@example.test`;
      expect(address).toHaveLength(256);
      await expectFieldError(
        { last_name: 'Long', email: address },
        'email',
        'The email field must not be greater than 255 characters.',
      );
    });

    it.each(['not-an-email', 'a@', '@example.test', 'a b@example.test', 'a@example', 'ada@@example.test'])(
      'refuses the email %j',
      async (value) => {
        await expectFieldError(
          { last_name: 'Bad', email: value },
          'email',
          'The email field must be a valid email address.',
        );
      },
    );

    it.each([
      ['no country code', '4155552671'],
      ['a national format', '(415) 555-2671'],
      ['letters', '+1 415 CALL NOW'],
      ['too few digits', '+1 415'],
      ['an unassigned country code', '+999 123 456 789'],
      ['an impossible number', '+1 123 456 7890'],
    ])('refuses a phone with %s', async (_, phone) => {
      await expectFieldError(
        { last_name: 'Phone', email: email(), phone },
        'phone',
        'The phone field must be a valid phone number.',
      );
    });

    it('refuses a phone over 32 characters before parsing it', async () => {
      const phone = `+1 415 555 2671${' '.repeat(18)}0`;
      expect(phone.length).toBe(34);
      await expectFieldError(
        { last_name: 'Phone', email: email(), phone },
        'phone',
        'The phone field must not be greater than 32 characters.',
      );
    });

    it('counts every failing field in the message', async () => {
      const { body } = await post({ last_name: 5, email: 'nope', first_name: 'x'.repeat(300), phone: 'abc' }).expect(
        422,
      );
      expect(body.message).toBe('The last name field must be a string. (and 3 more errors)');
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'first_name', 'last_name', 'phone']);
    });

    it.each([
      ['not JSON', '{"last_name": '],
      ['a JSON array', '[]'],
      ['a JSON string', '"Ada"'],
      ['a JSON number', '42'],
    ])('answers 400 to a body that is %s', async (_, raw) => {
      const { body } = await t.http
        .post('/api/v1/people')
        .set(tenant.auth)
        .set('Content-Type', 'application/json')
        .send(raw)
        .expect(400);
      expect(body).toEqual({ error: expect.any(String) });
    });
  });

  describe('unique email', () => {
    it('refuses an email already used in the organization, in another case and with spaces', async () => {
      await post({ last_name: 'First', email: 'Taken@Example.test' }).expect(201);
      for (const duplicate of ['Taken@Example.test', 'taken@example.test', ' TAKEN@EXAMPLE.TEST ']) {
        await expectFieldError({ last_name: 'Second', email: duplicate }, 'email', 'The email has already been taken.');
      }
    });

    it('counts archived people too', async () => {
      const { body } = await post({ last_name: 'Leaver', email: 'leaver@example.test' }).expect(201);
      await t.db.query(`UPDATE people SET archived_at = now() WHERE id = $1`, [body.id]);
      await expectFieldError(
        { last_name: 'Again', email: 'LEAVER@example.test' },
        'email',
        'The email has already been taken.',
      );
    });

    it('allows the same email in another organization', async () => {
      const other = await createTenant(t.app);
      await post({ last_name: 'Here', email: 'both@example.test' }).expect(201);
      const { body } = await post({ last_name: 'There', email: 'Both@Example.test' }, other).expect(201);
      expect(body.organization_id).toBe(other.organizationId);
    });

    it('lets exactly one of 10 concurrent creates with one email succeed; the others answer 422', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post({ last_name: `Racer ${i}`, email: i % 2 ? 'RACE@example.test' : 'race@example.test' }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(422)]);
      for (const refused of responses.filter((r) => r.status === 422)) {
        expect(refused.body).toEqual({
          message: 'The email has already been taken.',
          errors: { email: ['The email has already been taken.'] },
        });
      }
      const [{ count }] = await t.db.query(
        `SELECT count(*)::int AS count FROM people WHERE lower(email) = 'race@example.test'`,
      );
      expect(count).toBe(1);
    });
  });

  describe('GET /people/{id}', () => {
    let id: string;
    beforeAll(async () => {
      id = (await post({ last_name: 'Shown', email: email() }).expect(201)).body.id;
    });

    it('accepts the id in upper case', async () => {
      const { body } = await t.http.get(`/api/v1/people/${id.toUpperCase()}`).set(tenant.auth).expect(200);
      expect(body.id).toBe(id);
    });

    it('shows an archived person', async () => {
      await t.db.query(`UPDATE people SET archived_at = now() WHERE id = $1`, [id]);
      const { body } = await t.http.get(`/api/v1/people/${id}`).set(tenant.auth).expect(200);
      expect(body.archived_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/));
    });

    it.each(['01ARZ3NDEKTSV4RRFFQ69G5FAV', 'not-a-ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAU', '1'])(
      'answers 404 to %s',
      async (unknown) => {
        const { body } = await t.http.get(`/api/v1/people/${unknown}`).set(tenant.auth).expect(404);
        expect(body).toEqual({ error: 'Not found.' });
      },
    );

    it('answers 404 to another organization’s person, as to a missing one', async () => {
      const other = await createTenant(t.app);
      const { body } = await t.http.get(`/api/v1/people/${id}`).set(other.auth).expect(404);
      expect(body).toEqual({ error: 'Not found.' });
    });

    it('answers 403 to a group manager', async () => {
      const manager = await createTenant(t.app, { role: 'group_manager' });
      await t.http.get(`/api/v1/people/${id}`).set(manager.auth).expect(403);
      await post({ last_name: 'x', email: email() }, manager).expect(403);
    });
  });
});
