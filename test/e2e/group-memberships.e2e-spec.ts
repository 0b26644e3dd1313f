import { ArchiveDocument } from '../../src/documents/application/archive-document.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

describe('group membership', () => {
  let t: TestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const add = (groupId: string, body: unknown, auth = tenant.auth) =>
    t.http
      .post(`/api/v1/groups/${groupId}/people`)
      .set(auth)
      .send(body as object);
  const remove = (groupId: string, personId: string, auth = tenant.auth) =>
    t.http.delete(`/api/v1/groups/${groupId}/people/${personId}`).set(auth);

  const members = async (groupId: string) =>
    (
      (await t.db.query(`SELECT person_id FROM group_memberships WHERE group_id = $1 ORDER BY person_id`, [
        groupId,
      ])) as {
        person_id: string;
      }[]
    ).map((r) => r.person_id);
  const assignments = (personId: string) =>
    t.db.query(`SELECT document_id, group_id FROM document_assignments WHERE person_id = $1 ORDER BY document_id`, [
      personId,
    ]) as Promise<{ document_id: string; group_id: string | null }[]>;
  const requests = (personId: string) =>
    t.db.query(
      `SELECT document_id, document_revision_id, source, status, sent_at, requested_by_user_id, recipient_name,
              recipient_email, access_token_hash
         FROM attestation_requests WHERE person_id = $1 ORDER BY document_id, created_at`,
      [personId],
    ) as Promise<Record<string, unknown>[]>;

  describe('POST /groups/{group}/people', () => {
    it('answers 200 with one membership per requested id, in the request order, members or not', async () => {
      const group = await createGroup(t.app, tenant.organizationId);
      const [a, b, c] = [
        await createPerson(t.app, tenant.organizationId),
        await createPerson(t.app, tenant.organizationId),
        await createPerson(t.app, tenant.organizationId),
      ];
      await add(group.id, { person_ids: [b.id] }).expect(200);
      const response = await add(group.id, { person_ids: [c.id, b.id, a.id] }).expect(200);
      expect(response.body).toEqual({
        data: [
          { group_id: group.id, person_id: c.id },
          { group_id: group.id, person_id: b.id },
          { group_id: group.id, person_id: a.id },
        ],
      });
      expect(await members(group.id)).toEqual([a.id, b.id, c.id].sort());
    });

    it('accepts ids in either case and answers them lowercase', async () => {
      const group = await createGroup(t.app, tenant.organizationId);
      const person = await createPerson(t.app, tenant.organizationId);
      const response = await add(group.id.toUpperCase(), { person_ids: [person.id.toUpperCase()] }).expect(200);
      expect(response.body.data).toEqual([{ group_id: group.id, person_id: person.id }]);
    });

    it('is idempotent: adding members again changes nothing', async () => {
      const document = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
      const person = await createPerson(t.app, tenant.organizationId);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      const before = { assignments: await assignments(person.id), requests: await requests(person.id) };
      await add(group.id, { person_ids: [person.id] }).expect(200);
      expect(await members(group.id)).toEqual([person.id]);
      expect(await assignments(person.id)).toEqual(before.assignments);
      expect(await requests(person.id)).toEqual(before.requests);
    });

    it('assigns every document of the group to new members', async () => {
      const published = await createDocument(t.app, tenant.organizationId);
      const draft = await createDocument(t.app, tenant.organizationId, { published: false });
      const readOnly = await createDocument(t.app, tenant.organizationId, { requiresSignature: false });
      const group = await createGroup(t.app, tenant.organizationId, {
        autoIssue: false,
        documentIds: [published.id, draft.id, readOnly.id],
      });
      const person = await createPerson(t.app, tenant.organizationId);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      expect(await assignments(person.id)).toEqual(
        [published.id, draft.id, readOnly.id].sort().map((id) => ({ document_id: id, group_id: group.id })),
      );
    });

    it('issues no request when the group does not issue automatically', async () => {
      const document = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, { autoIssue: false, documentIds: [document.id] });
      const person = await createPerson(t.app, tenant.organizationId);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      expect(await requests(person.id)).toEqual([]);
      expect(await t.db.query(`SELECT 1 FROM notifications WHERE person_id = $1`, [person.id])).toEqual([]);
    });

    it('issues sent system requests for published, active documents that require a signature', async () => {
      const published = await createDocument(t.app, tenant.organizationId);
      const draft = await createDocument(t.app, tenant.organizationId, { published: false });
      const readOnly = await createDocument(t.app, tenant.organizationId, { requiresSignature: false });
      const archived = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, {
        documentIds: [published.id, draft.id, readOnly.id, archived.id],
      });
      // Archived after it joined the group: only an active document can be added to one.
      await t.app.get(ArchiveDocument).execute({ documentId: archived.id });
      const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Alan', lastName: 'Turing' });
      await add(group.id, { person_ids: [person.id] }).expect(200);
      expect(await requests(person.id)).toEqual([
        {
          document_id: published.id,
          document_revision_id: published.revisionId,
          source: 'system',
          status: 'sent',
          sent_at: t.clock.now(),
          requested_by_user_id: null,
          recipient_name: 'Alan Turing',
          recipient_email: person.email,
          access_token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ]);
      const notifications = await t.db.query(
        `SELECT kind, status, attestation_request_ids::text[] AS ids FROM notifications WHERE person_id = $1`,
        [person.id],
      );
      expect(notifications).toEqual([{ kind: 'requests_issued', status: 'pending', ids: [expect.any(String)] }]);
    });

    it('skips documents with an open request or an attestation of the latest revision, not of an older one', async () => {
      const open = await createDocument(t.app, tenant.organizationId);
      const attested = await createDocument(t.app, tenant.organizationId);
      const outdated = await createDocument(t.app, tenant.organizationId);
      const person = await createPerson(t.app, tenant.organizationId);
      for (const document of [open, attested, outdated]) {
        await t.http
          .post('/api/v1/attestation-requests')
          .set(tenant.auth)
          .send({ person_id: person.id, document_id: document.id })
          .expect(201);
      }
      await t.db.query(
        `UPDATE attestation_requests SET status = 'attested', attested_at = now() WHERE person_id = $1 AND document_id = ANY($2)`,
        [person.id, [attested.id, outdated.id]],
      );
      const newer = await t.app.get(PublishDocumentRevision).execute({ documentId: outdated.id, content: 'v2' });
      const group = await createGroup(t.app, tenant.organizationId, {
        documentIds: [open.id, attested.id, outdated.id],
      });
      await add(group.id, { person_ids: [person.id] }).expect(200);
      const issued = (await requests(person.id)).filter((r) => r.source === 'system');
      expect(issued.map((r) => [r.document_id, r.document_revision_id])).toEqual([[outdated.id, newer.revisionId]]);
    });

    it('creates nothing for people already in the group, even when the group gained documents since', async () => {
      const first = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, { documentIds: [first.id] });
      const person = await createPerson(t.app, tenant.organizationId);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      await t.db.query(`DELETE FROM document_assignments WHERE person_id = $1`, [person.id]);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      expect(await assignments(person.id)).toEqual([]);
      expect(await requests(person.id)).toHaveLength(1);
      expect(await t.db.query(`SELECT 1 FROM notifications WHERE person_id = $1`, [person.id])).toHaveLength(1);
    });

    it('writes one notification per new member listing all their new requests', async () => {
      const documents = [
        await createDocument(t.app, tenant.organizationId),
        await createDocument(t.app, tenant.organizationId),
        await createDocument(t.app, tenant.organizationId),
      ];
      const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
      const people = [
        await createPerson(t.app, tenant.organizationId),
        await createPerson(t.app, tenant.organizationId),
      ];
      await add(group.id, { person_ids: people.map((p) => p.id) }).expect(200);
      for (const person of people) {
        const rows: { ids: string[] }[] = await t.db.query(
          `SELECT attestation_request_ids::text[] AS ids FROM notifications WHERE person_id = $1`,
          [person.id],
        );
        expect(rows).toHaveLength(1);
        const requestIds: { id: string }[] = await t.db.query(
          `SELECT id FROM attestation_requests WHERE person_id = $1`,
          [person.id],
        );
        expect([...rows[0].ids].sort()).toEqual(requestIds.map((r) => r.id).sort());
        expect(rows[0].ids).toHaveLength(3);
      }
    });

    describe('validation', () => {
      let group: { id: string };
      beforeAll(async () => {
        group = await createGroup(t.app, tenant.organizationId);
      });

      it.each([
        [{}, 'The person ids field is required.'],
        [{ person_ids: [] }, 'The person ids field is required.'],
        [{ person_ids: null }, 'The person ids field is required.'],
        [{ person_ids: 'x' }, 'The person ids field must be an array.'],
        [{ person_ids: { 0: 'x' } }, 'The person ids field must be an array.'],
      ])('422 on person_ids for %j', async (body, message) => {
        const response = await add(group.id, body).expect(422);
        expect(response.body).toEqual({ message, errors: { person_ids: [message] } });
      });

      it('422 on more than 100 ids', async () => {
        const ids = Array.from({ length: 101 }, (_, i) => `01jd${String(i).padStart(22, '0')}`);
        const response = await add(group.id, { person_ids: ids }).expect(422);
        expect(response.body.errors).toEqual({
          person_ids: ['The person ids field must not have more than 100 items.'],
        });
      });

      it('reports each bad element as person_ids.N, every copy of a duplicate included', async () => {
        const active = await createPerson(t.app, tenant.organizationId);
        const archived = await createPerson(t.app, tenant.organizationId, { archived: true });
        const other = await createTenant(t.app);
        const stranger = await createPerson(t.app, other.organizationId);
        const duplicate = await createPerson(t.app, tenant.organizationId);
        const response = await add(group.id, {
          person_ids: [
            active.id,
            'nope',
            7,
            archived.id,
            duplicate.id,
            stranger.id,
            duplicate.id.toUpperCase(),
            '01jd0000000000000000000000',
          ],
        }).expect(422);
        expect(response.body).toEqual({
          message: 'The person ids.1 field must be a valid ULID. (and 6 more errors)',
          errors: {
            'person_ids.1': ['The person ids.1 field must be a valid ULID.'],
            'person_ids.2': ['The person ids.2 field must be a string.'],
            'person_ids.3': ['The selected person ids.3 is invalid.'],
            'person_ids.4': ['The person ids.4 field has a duplicate value.'],
            'person_ids.5': ['The selected person ids.5 is invalid.'],
            'person_ids.6': ['The person ids.6 field has a duplicate value.'],
            'person_ids.7': ['The selected person ids.7 is invalid.'],
          },
        });
        expect(await members(group.id)).toEqual([]);
      });

      it('is all or nothing: one bad id and nobody is added', async () => {
        const person = await createPerson(t.app, tenant.organizationId);
        await add(group.id, { person_ids: [person.id, '01jd0000000000000000000000'] }).expect(422);
        expect(await members(group.id)).toEqual([]);
      });
    });

    describe('the group in the path', () => {
      it('404 for an unknown, malformed or foreign group, checked before the body', async () => {
        const other = await createTenant(t.app);
        const foreign = await createGroup(t.app, other.organizationId);
        for (const groupId of ['01jd0000000000000000000000', 'not-a-ulid', foreign.id]) {
          const response = await add(groupId, { person_ids: 'invalid' }).expect(404);
          expect(response.body).toEqual({ error: 'Group not found.' });
        }
      });

      it('404 before a body that is not JSON', async () => {
        await t.http
          .post('/api/v1/groups/01jd0000000000000000000000/people')
          .set(tenant.auth)
          .set('Content-Type', 'application/json')
          .send('{not json')
          .expect(404);
      });

      it('401 before anything else', async () => {
        await t.http.post('/api/v1/groups/01jd0000000000000000000000/people').send({}).expect(401);
      });

      it('403 for a group manager', async () => {
        const manager = await createTenant(t.app, { role: 'group_manager' });
        const group = await createGroup(t.app, manager.organizationId);
        await add(group.id, { person_ids: [] }, manager.auth).expect(403);
      });
    });
  });

  describe('DELETE /groups/{group}/people/{person}', () => {
    it('removes the membership and answers 204 with no body', async () => {
      const group = await createGroup(t.app, tenant.organizationId);
      const person = await createPerson(t.app, tenant.organizationId);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      const response = await remove(group.id, person.id).expect(204);
      expect(response.text).toBe('');
      expect(await members(group.id)).toEqual([]);
    });

    it('leaves assignments, requests and the documents counts as they were', async () => {
      const document = await createDocument(t.app, tenant.organizationId, { name: `Counted ${Date.now()}` });
      const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
      const people = [
        await createPerson(t.app, tenant.organizationId),
        await createPerson(t.app, tenant.organizationId),
      ];
      await add(group.id, { person_ids: people.map((p) => p.id) }).expect(200);
      const counts = async () =>
        (await t.http.get('/api/v1/documents').query({ name: document.name }).set(tenant.auth).expect(200)).body.data[0]
          .attestation_counts;
      const before = {
        counts: await counts(),
        assignments: await assignments(people[0].id),
        requests: await requests(people[0].id),
      };
      expect(before.counts.total).toBe(2);
      await remove(group.id, people[0].id).expect(204);
      expect(await counts()).toEqual(before.counts);
      expect(await assignments(people[0].id)).toEqual(before.assignments);
      expect(await requests(people[0].id)).toEqual(before.requests);
    });

    it('404 when the person is not a member, or the ids are unknown, malformed or foreign', async () => {
      const group = await createGroup(t.app, tenant.organizationId);
      const person = await createPerson(t.app, tenant.organizationId);
      const other = await createTenant(t.app);
      const foreignGroup = await createGroup(t.app, other.organizationId);
      const foreignPerson = await createPerson(t.app, other.organizationId);
      await t.db.query(
        `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at) VALUES ($1, $2, $3, now())`,
        [foreignGroup.id, foreignPerson.id, other.organizationId],
      );
      expect((await remove(group.id, person.id).expect(404)).body).toEqual({
        error: 'The person is not a member of this group.',
      });
      await remove(group.id, 'nope').expect(404);
      await remove('nope', person.id).expect(404);
      await remove('01jd0000000000000000000000', person.id).expect(404);
      await remove(foreignGroup.id, foreignPerson.id).expect(404);
      expect(await members(foreignGroup.id)).toEqual([foreignPerson.id]);
    });

    it('removes once: a second delete is 404', async () => {
      const group = await createGroup(t.app, tenant.organizationId);
      const person = await createPerson(t.app, tenant.organizationId);
      await add(group.id, { person_ids: [person.id] }).expect(200);
      await remove(group.id, person.id.toUpperCase()).expect(204);
      await remove(group.id, person.id).expect(404);
    });
  });

  it('never adds a person archived while the add is checking them', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [] });
    const archiving = t.db.createQueryRunner();
    await archiving.connect();
    try {
      await archiving.startTransaction();
      await archiving.query(`UPDATE people SET archived_at = now() WHERE id = $1`, [person.id]);
      const adding = add(group.id, { person_ids: [person.id] }).then((response) => response);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await archiving.commitTransaction();
      const response = await adding;
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ 'person_ids.0': ['The selected person ids.0 is invalid.'] });
    } finally {
      await archiving.release();
    }
    const memberships = await t.db.query(`SELECT 1 FROM group_memberships WHERE person_id = $1`, [person.id]);
    expect(memberships).toHaveLength(0);
  });
});
