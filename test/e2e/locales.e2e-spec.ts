import { FixedClock } from '@lib/core';
import { createTenant, Tenant } from '../support/fixtures';
import { groupManagerOf } from '../support/management-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const SUPPORTED =
  'must be one of the supported languages: en, fr, de, es, it, nl, pt (a BCP 47 tag, optionally with a region such as pt-BR).';

/** A person's `locale` and the organization's `default_locale` through the API. */
describe('locales through the API', () => {
  let t: TestApp;
  let clock: FixedClock;
  let tenant: Tenant;
  let n = 0;
  const email = () => `l${n++}.${Date.now().toString(36)}@example.test`;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    clock = t.clock as FixedClock;
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const createPerson = (body: Record<string, unknown> = {}) =>
    t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .send({ last_name: 'Lovelace', email: email(), ...body });

  describe('a person', () => {
    it('has no locale of their own unless given one, which is kept in canonical case and shown', async () => {
      const { body: plain } = await createPerson().expect(201);
      expect(plain.locale).toBeNull();
      const { body: person } = await createPerson({ locale: 'pt-br' }).expect(201);
      expect(person.locale).toBe('pt-BR');
      const { body: shown } = await t.http.get(`/api/v1/people/${person.id}`).set(tenant.auth).expect(200);
      expect(shown.locale).toBe('pt-BR');
      const { body: listed } = await t.http.get(`/api/v1/people?id=${person.id}`).set(tenant.auth).expect(200);
      expect(listed.data[0].locale).toBe('pt-BR');
    });

    it('changes its locale with PATCH, and goes back to the organization default with null', async () => {
      const { body: person } = await createPerson({ locale: 'de' }).expect(201);
      clock.advance(1000);
      const { body: french } = await t.http
        .patch(`/api/v1/people/${person.id}`)
        .set(tenant.auth)
        .send({ locale: 'FR-ca' })
        .expect(200);
      expect(french).toEqual({ ...person, locale: 'fr-CA', updated_at: clock.now().toISOString() });
      const { body: other } = await t.http
        .patch(`/api/v1/people/${person.id}`)
        .set(tenant.auth)
        .send({ last_name: 'King' })
        .expect(200);
      expect(other.locale).toBe('fr-CA');
      const { body: cleared } = await t.http
        .patch(`/api/v1/people/${person.id}`)
        .set(tenant.auth)
        .send({ locale: null })
        .expect(200);
      expect(cleared.locale).toBeNull();
    });

    it.each([['ja'], ['klingon'], ['pt_BR'], ['de-CH-1996'], ['x'.repeat(36)], [42]])(
      'refuses the locale %j with 422 listing the supported languages',
      async (locale) => {
        const { body } = await createPerson({ locale }).expect(422);
        const expected =
          typeof locale === 'number' ? 'The locale field must be a string.' : `The locale field ${SUPPORTED}`;
        expect(body).toEqual({ message: expected, errors: { locale: [expected] } });
      },
    );

    it('refuses an unknown locale on PATCH and leaves the person as they were', async () => {
      const { body: person } = await createPerson({ locale: 'it' }).expect(201);
      const { body } = await t.http
        .patch(`/api/v1/people/${person.id}`)
        .set(tenant.auth)
        .send({ locale: 'zh-CN' })
        .expect(422);
      expect(body.errors).toEqual({ locale: [`The locale field ${SUPPORTED}`] });
      await t.http.get(`/api/v1/people/${person.id}`).set(tenant.auth).expect(200, person);
    });
  });

  describe('the organization', () => {
    it('speaks English by default, and an owner changes its default_locale (audited)', async () => {
      const owner = await createTenant(t.app);
      const { body: before } = await t.http.get('/api/v1/organization').set(owner.auth).expect(200);
      expect(before).toEqual({
        id: owner.organizationId,
        name: owner.organizationName,
        default_locale: 'en',
        signing_frame_origins: [],
      });
      clock.advance(1000);
      const { body: after } = await t.http
        .patch('/api/v1/organization')
        .set(owner.auth)
        .send({ default_locale: 'nl-be' })
        .expect(200);
      expect(after).toEqual({ ...before, default_locale: 'nl-BE' });
      await t.http.get('/api/v1/organization').set(owner.auth).expect(200, after);
      await t.http.patch('/api/v1/organization').set(owner.auth).send({}).expect(200, after);
      const log = await t.http.get('/api/v1/audit-log').set(owner.auth).expect(200);
      expect(log.body.data).toEqual([
        expect.objectContaining({
          action: 'organization.settings_changed',
          user_id: owner.userId,
          details: { default_locale: { from: 'en', to: 'nl-BE' } },
        }),
      ]);
    });

    it.each([['ja'], [''], [null], ['english']])(
      'refuses the default_locale %j with 422 and keeps the one it has',
      async (locale) => {
        const owner = await createTenant(t.app);
        const { body } = await t.http
          .patch('/api/v1/organization')
          .set(owner.auth)
          .send({ default_locale: locale })
          .expect(422);
        const expected =
          locale === '' || locale === null
            ? 'The default locale field is required.'
            : `The default locale field ${SUPPORTED}`;
        expect(body).toEqual({ message: expected, errors: { default_locale: [expected] } });
        const { body: shown } = await t.http.get('/api/v1/organization').set(owner.auth).expect(200);
        expect(shown.default_locale).toBe('en');
      },
    );

    it("is not a group manager's to read or change", async () => {
      const owner = await createTenant(t.app);
      const manager = await groupManagerOf(t.app, owner);
      await t.http.get('/api/v1/organization').set(manager).expect(403);
      await t.http.patch('/api/v1/organization').set(manager).send({ default_locale: 'fr' }).expect(403);
    });
  });
});
