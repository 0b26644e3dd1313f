import { FixedClock, newId } from '@lib/core';
import { AttestationRequestRecord } from '../../src/attestation-requests/infrastructure/attestation-request.record';
import { ArchiveDocument } from '../../src/documents/application/archive-document.use-case';
import { CreateDocument } from '../../src/documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { ShowDocument } from '../../src/documents/application/show-document.use-case';
import { AddDocumentsToGroup } from '../../src/groups/application/add-documents-to-group.use-case';
import { CreateGroup } from '../../src/groups/application/create-group.use-case';
import { GroupMembershipRecord } from '../../src/groups/infrastructure/group-membership.record';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import type { Person } from '../../src/people/domain/person';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const API = 'http://api.test/api/v1';
const DAY = 86_400_000;

describe('GET /api/v1/documents', () => {
  let t: TestApp;
  let clock: FixedClock;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    clock = t.clock as FixedClock;
  });
  afterAll(() => t.close());

  const get = (tenant: Tenant, query: Record<string, string> = {}) =>
    t.http.get(`/api/v1/documents?${new URLSearchParams(query).toString()}`).set(tenant.auth);
  const names = (body: { data: { name: string }[] }) => body.data.map((d) => d.name);
  const createDocument = (
    tenant: Tenant,
    name: string,
    extra: Partial<Parameters<CreateDocument['execute']>[0]> = {},
  ) => t.app.get(CreateDocument).execute({ organizationId: tenant.organizationId, name, ...extra });
  const publish = (documentId: string) =>
    t.app.get(PublishDocumentRevision).execute({ documentId, content: `# Text ${counter++}` });
  const addPerson = (tenant: Tenant, lastName: string) =>
    t.app
      .get(CreatePerson)
      .execute({ organizationId: tenant.organizationId, lastName, email: `p${counter++}@example.test` });

  describe('a document as listed', () => {
    it('shows every field of the contract, before and after publication', async () => {
      const tenant = await createTenant(t.app);
      const created = t.clock.now().toISOString();
      const listing = await createDocument(tenant, 'Code of conduct', { renewalIntervalDays: 365, autoRenew: true });
      let { body } = await get(tenant).expect(200);
      expect(body.data).toEqual([
        {
          id: listing.document.id,
          organization_id: tenant.organizationId,
          name: 'Code of conduct',
          default_attestation_type: 'signature',
          requires_signature: true,
          renewal_interval_days: 365,
          auto_renew: true,
          archived_at: null,
          has_published_revision: false,
          last_updated_at: null,
          attestation_counts: {
            attested_latest: 0,
            pending_attested: 0,
            attested_outdated: 0,
            unrequested: 0,
            renewal_due: 0,
            total: 0,
          },
          created_at: created,
          updated_at: created,
        },
      ]);

      clock.advance(60_000);
      const first = await publish(listing.document.id);
      clock.advance(60_000);
      const second = await publish(listing.document.id);
      expect(second.publishedAt.getTime() - first.publishedAt.getTime()).toBe(60_000);
      ({ body } = await get(tenant).expect(200));
      expect(body.data[0]).toMatchObject({
        has_published_revision: true,
        last_updated_at: second.publishedAt.toISOString(),
        updated_at: second.publishedAt.toISOString(),
      });
      const [{ latest_revision_id }] = await t.db.query(`SELECT latest_revision_id FROM documents WHERE id = $1`, [
        listing.document.id,
      ]);
      expect(latest_revision_id).toBe(second.revisionId);
    });

    it('shows historical and non-signature documents as they are', async () => {
      const tenant = await createTenant(t.app);
      await createDocument(tenant, 'Handbook', { requiresSignature: false, attestationType: 'acknowledgment' });
      const { body } = await get(tenant).expect(200);
      expect(body.data[0]).toMatchObject({
        requires_signature: false,
        default_attestation_type: 'acknowledgment',
        renewal_interval_days: null,
        auto_renew: false,
      });
    });
  });

  describe('order, pagination and filters', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await createTenant(t.app);
      for (const name of [
        'Policy 03',
        'Policy 01',
        'Policy 02',
        'Alpha 100%',
        'Bravo_2',
        'Charlie 2',
        'Zebra policy',
      ]) {
        await createDocument(tenant, name);
      }
    });

    it('orders by name and paginates with the shared envelope', async () => {
      const { body } = await get(tenant, { per_page: '3' }).expect(200);
      expect(names(body)).toEqual(['Alpha 100%', 'Bravo_2', 'Charlie 2']);
      expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 3, per_page: 3, to: 3, total: 7 });
      expect(body.links).toEqual({
        first: `${API}/documents?per_page=3&page=1`,
        last: `${API}/documents?per_page=3&page=3`,
        prev: null,
        next: `${API}/documents?per_page=3&page=2`,
      });
      const last = await get(tenant, { per_page: '3', page: '3' }).expect(200);
      expect(names(last.body)).toEqual(['Zebra policy']);
      expect(last.body.meta).toMatchObject({ from: 7, to: 7 });
    });

    it('orders equal names by id', async () => {
      const other = await createTenant(t.app);
      const ids = [];
      for (let i = 0; i < 4; i++) ids.push((await createDocument(other, 'Same name')).document.id);
      const { body } = await get(other).expect(200);
      expect(body.data.map((d: { id: string }) => d.id)).toEqual(ids.sort());
    });

    it('visits every document once when following next', async () => {
      const seen: string[] = [];
      let next: string | null = `${API}/documents?per_page=2&name=policy`;
      while (next) {
        const { body }: { body: { data: { id: string; name: string }[]; links: { next: string | null } } } =
          await t.http.get(next.replace('http://api.test', '')).set(tenant.auth).expect(200);
        seen.push(...names(body));
        next = body.links.next;
      }
      expect(seen).toEqual(['Policy 01', 'Policy 02', 'Policy 03', 'Zebra policy']);
    });

    it('filters by name anywhere, ignoring case, and keeps the filter in the links', async () => {
      const { body } = await get(tenant, { name: 'POLICY 0', per_page: '2' }).expect(200);
      expect(names(body)).toEqual(['Policy 01', 'Policy 02']);
      expect(body.links.next).toBe(`${API}/documents?name=POLICY+0&per_page=2&page=2`);
      expect(names((await get(tenant, { name: 'bra POL' }).expect(200)).body)).toEqual(['Zebra policy']);
    });

    it('takes % and _ in the name literally', async () => {
      expect(names((await get(tenant, { name: '%' }).expect(200)).body)).toEqual(['Alpha 100%']);
      expect(names((await get(tenant, { name: '_' }).expect(200)).body)).toEqual(['Bravo_2']);
    });

    it('refuses a name over 255 characters and bad pagination with 422', async () => {
      await get(tenant, { name: 'n'.repeat(255) }).expect(200);
      const { body } = await get(tenant, { name: 'n'.repeat(256) }).expect(422);
      expect(body.errors).toEqual({ name: ['The name field must not be greater than 255 characters.'] });
      await get(tenant, { per_page: '101' }).expect(422);
      await get(tenant, { page: '0' }).expect(422);
    });

    it('answers a page past the end with empty data', async () => {
      const { body } = await get(tenant, { page: '4', per_page: '3' }).expect(200);
      expect(body.data).toEqual([]);
      expect(body.meta).toMatchObject({ current_page: 4, from: null, to: null, last_page: 3, total: 7 });
    });
  });

  describe('archived', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await createTenant(t.app);
      await createDocument(tenant, 'Current');
      const old = await createDocument(tenant, 'Retired');
      await t.app.get(ArchiveDocument).execute({ documentId: old.document.id });
    });

    it.each([
      [undefined, ['Current']],
      ['false', ['Current']],
      ['0', ['Current']],
      ['true', ['Retired']],
      ['1', ['Retired']],
    ])('archived=%s lists %j', async (archived, expected) => {
      const { body } = await get(tenant, archived === undefined ? {} : { archived }).expect(200);
      expect(names(body)).toEqual(expected);
      if (archived === 'true') expect(body.data[0].archived_at).toBe(clock.now().toISOString());
    });

    it.each(['yes', 'no', 'TRUE', '', '-1'])('refuses archived=%j with 422', async (archived) => {
      const { body } = await get(tenant, { archived }).expect(422);
      expect(body.errors).toEqual({ archived: ['The selected archived is invalid.'] });
    });
  });

  describe('organizations', () => {
    it('never lists another organization’s documents', async () => {
      const mine = await createTenant(t.app);
      const theirs = await createTenant(t.app);
      await createDocument(mine, 'Shared name');
      await createDocument(theirs, 'Shared name');
      const archived = await createDocument(theirs, 'Their archive');
      await t.app.get(ArchiveDocument).execute({ documentId: archived.document.id });
      const { body } = await get(mine, { name: 'shared' }).expect(200);
      expect(body.data.map((d: { organization_id: string }) => d.organization_id)).toEqual([mine.organizationId]);
      expect((await get(mine, { archived: 'true' }).expect(200)).body.meta.total).toBe(0);
    });

    it('answers 403 to a group manager', async () => {
      const manager = await createTenant(t.app, { role: 'group_manager' });
      await get(manager).expect(403);
    });
  });

  describe('attestation_counts', () => {
    let tenant: Tenant;
    let userId: string;

    beforeAll(async () => {
      tenant = await createTenant(t.app);
      userId = tenant.userId;
    });

    /** Assignment through a group, as the group-membership flow leaves it. */
    async function assignThroughGroup(documentId: string, people: Person[]): Promise<void> {
      const group = await t.app
        .get(CreateGroup)
        .execute({ organizationId: tenant.organizationId, name: `Group ${counter++}` });
      await t.db.getRepository(GroupMembershipRecord).insert(
        people.map((person) => ({
          groupId: group.id,
          personId: person.id,
          organizationId: tenant.organizationId,
          createdAt: clock.now(),
        })),
      );
      await t.app.get(AddDocumentsToGroup).execute({ groupId: group.id, documentIds: [documentId] });
    }

    /** A request row in a given state (the request lifecycle is another module's; its table is shared). */
    async function request(
      documentId: string,
      revisionId: string,
      person: Person,
      status: string,
      attestedAt?: Date,
    ): Promise<void> {
      const now = clock.now();
      await t.db.getRepository(AttestationRequestRecord).insert({
        id: newId(),
        organizationId: tenant.organizationId,
        documentId,
        documentRevisionId: revisionId,
        personId: person.id,
        recipientName: person.name,
        recipientEmail: person.email,
        requestedAttestationType: 'signature',
        source: 'oauth',
        status,
        recipientMessage: null,
        accessTokenHash: null,
        sentAt: now,
        lastRemindedAt: null,
        reminderCount: 0,
        viewedAt: null,
        attestedAt: status === 'attested' ? (attestedAt ?? now) : null,
        canceledAt: status === 'canceled' ? now : null,
        expiresAt: null,
        expiredAt: status === 'expired' ? now : null,
        requestedByUserId: userId,
        createdAt: now,
        updatedAt: now,
      });
    }

    const countsOf = async (documentId: string) => {
      const { body } = await get(tenant, { per_page: '100' }).expect(200);
      return body.data.find((d: { id: string }) => d.id === documentId).attestation_counts;
    };
    const sum = (c: Record<string, number>) =>
      c.attested_latest + c.pending_attested + c.renewal_due + c.attested_outdated + c.unrequested;

    it('puts each active assignee in the first bucket that applies, and the buckets add up to total', async () => {
      const { document } = await createDocument(tenant, 'Counted policy', { renewalIntervalDays: 30 });
      const old = await publish(document.id);
      const latest = await publish(document.id);
      const people: Record<string, Person> = {};
      for (const name of [
        'attestedLatest',
        'attestedLatestTwice',
        'sent',
        'viewed',
        'created',
        'bounced',
        'failed',
        'complained',
        'dueButPending',
        'outdatedButPending',
        'due',
        'outdated',
        'nothing',
        'canceledOnly',
        'expiredOnly',
        'archivedAttested',
      ]) {
        people[name] = await addPerson(tenant, name);
      }
      await assignThroughGroup(document.id, Object.values(people));
      const longAgo = new Date(clock.now().getTime() - 31 * DAY);
      const recently = new Date(clock.now().getTime() - 29 * DAY);

      await request(document.id, latest.revisionId, people.attestedLatest, 'attested', recently);
      await request(document.id, latest.revisionId, people.attestedLatestTwice, 'attested', longAgo);
      await request(document.id, latest.revisionId, people.attestedLatestTwice, 'attested', recently);
      for (const status of ['sent', 'viewed', 'created', 'bounced', 'failed', 'complained']) {
        await request(document.id, latest.revisionId, people[status], status);
      }
      await request(document.id, latest.revisionId, people.dueButPending, 'attested', longAgo);
      await request(document.id, latest.revisionId, people.dueButPending, 'sent');
      await request(document.id, old.revisionId, people.outdatedButPending, 'attested', recently);
      await request(document.id, latest.revisionId, people.outdatedButPending, 'viewed');
      await request(document.id, latest.revisionId, people.due, 'attested', longAgo);
      await request(document.id, old.revisionId, people.outdated, 'attested', recently);
      await request(document.id, old.revisionId, people.outdated, 'expired');
      await request(document.id, latest.revisionId, people.canceledOnly, 'canceled');
      await request(document.id, latest.revisionId, people.expiredOnly, 'expired');
      await request(document.id, latest.revisionId, people.archivedAttested, 'attested', recently);
      await t.app.get(ArchivePerson).execute({ personId: people.archivedAttested.id });

      const counts = await countsOf(document.id);
      expect(counts).toEqual({
        attested_latest: 2,
        pending_attested: 8,
        renewal_due: 1,
        attested_outdated: 1,
        unrequested: 3,
        total: 15,
      });
      expect(sum(counts)).toBe(counts.total);
      expect((await t.app.get(ShowDocument).execute({ documentId: document.id })).attestationCounts).toEqual(counts);
    });

    it('moves attestations to renewal_due once the interval has passed, by the clock', async () => {
      const { document } = await createDocument(tenant, 'Renewed yearly', { renewalIntervalDays: 10 });
      const revision = await publish(document.id);
      const person = await addPerson(tenant, 'Renewer');
      await assignThroughGroup(document.id, [person]);
      await request(document.id, revision.revisionId, person, 'attested', clock.now());

      clock.advance(10 * DAY);
      expect(await countsOf(document.id)).toMatchObject({ attested_latest: 1, renewal_due: 0, total: 1 });
      clock.advance(1);
      expect(await countsOf(document.id)).toMatchObject({ attested_latest: 0, renewal_due: 1, total: 1 });
    });

    it('never makes attestations due when the document has no renewal interval', async () => {
      const { document } = await createDocument(tenant, 'Forever');
      const revision = await publish(document.id);
      const person = await addPerson(tenant, 'Signer');
      await assignThroughGroup(document.id, [person]);
      await request(document.id, revision.revisionId, person, 'attested', new Date(clock.now().getTime() - 3650 * DAY));
      expect(await countsOf(document.id)).toMatchObject({ attested_latest: 1, renewal_due: 0, total: 1 });
    });

    it('makes earlier attestations outdated when a new revision is published', async () => {
      const { document } = await createDocument(tenant, 'Revised');
      const first = await publish(document.id);
      const person = await addPerson(tenant, 'Early signer');
      await assignThroughGroup(document.id, [person]);
      await request(document.id, first.revisionId, person, 'attested');
      expect(await countsOf(document.id)).toMatchObject({ attested_latest: 1, attested_outdated: 0 });
      await publish(document.id);
      expect(await countsOf(document.id)).toMatchObject({ attested_latest: 0, attested_outdated: 1, total: 1 });
    });

    it('counts assignees only: a request alone, without an assignment, is not counted', async () => {
      const { document } = await createDocument(tenant, 'Unassigned');
      const revision = await publish(document.id);
      const stranger = await addPerson(tenant, 'Stranger');
      await request(document.id, revision.revisionId, stranger, 'sent');
      expect(await countsOf(document.id)).toMatchObject({ total: 0 });
    });

    it('counts a person assigned through two groups once', async () => {
      const { document } = await createDocument(tenant, 'Twice assigned');
      const person = await addPerson(tenant, 'Doubled');
      await assignThroughGroup(document.id, [person]);
      await assignThroughGroup(document.id, [person]);
      expect(await countsOf(document.id)).toEqual({
        attested_latest: 0,
        pending_attested: 0,
        renewal_due: 0,
        attested_outdated: 0,
        unrequested: 1,
        total: 1,
      });
    });

    it('computes the counts of a whole page in one query, not one per document', async () => {
      const other = await createTenant(t.app);
      const person = await t.app
        .get(CreatePerson)
        .execute({ organizationId: other.organizationId, lastName: 'Everywhere', email: 'e@example.test' });
      const group = await t.app.get(CreateGroup).execute({ organizationId: other.organizationId, name: 'All' });
      await t.db.getRepository(GroupMembershipRecord).insert({
        groupId: group.id,
        personId: person.id,
        organizationId: other.organizationId,
        createdAt: clock.now(),
      });
      for (let i = 0; i < 30; i++) {
        const { document } = await t.app
          .get(CreateDocument)
          .execute({ organizationId: other.organizationId, name: `Doc ${i}` });
        await t.app.get(AddDocumentsToGroup).execute({ groupId: group.id, documentIds: [document.id] });
      }
      // Hot reads go straight to the driver's pool (readRows); every statement passes there.
      const pool = (t.db.driver as unknown as { master: { query(...args: unknown[]): unknown } }).master;
      const spy = jest.spyOn(pool, 'query');
      try {
        const { body } = await t.http.get('/api/v1/documents?per_page=100').set(other.auth).expect(200);
        expect(body.data).toHaveLength(30);
        expect(
          body.data.every(
            (d: { attestation_counts: { unrequested: number } }) => d.attestation_counts.unrequested === 1,
          ),
        ).toBe(true);
        // The counts are read from what the triggers maintain, in the same statement as the page's rows (each sent
        // as a named statement's config, or as text).
        const texts = spy.mock.calls.map(([sql]) => (typeof sql === 'string' ? sql : (sql as { text: string }).text));
        expect(texts.length).toBeGreaterThan(0);
        expect(texts.filter((text) => text.includes('attestation_count_deltas'))).toHaveLength(1);
        expect(texts.some((text) => text.includes('attestation_requests'))).toBe(false);
      } finally {
        spy.mockRestore();
      }
    });
  });
});
