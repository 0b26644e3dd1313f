import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { SetGroupManagers } from '../../src/groups/application/set-group-managers.use-case';
import { ShowGroup } from '../../src/groups/application/show-group.use-case';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { ListDocumentStandings } from '../../src/standings/application/list-document-standings.use-case';
import { ShowComplianceOverview } from '../../src/standings/application/show-compliance-overview.use-case';
import type { Viewer } from '../../src/standings/application/viewer';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The overview and a document's standings as the console pages read them (use-cases on the real database). */
describe('compliance overview and standings', () => {
  let t: TestApp;
  let owner: Tenant;
  let viewer: Viewer;
  let signed: { id: string; revisionId: string | null };
  let unsent: { id: string };
  const signers: string[] = [];
  const others: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createTenant(t.app);
    viewer = { organizationId: owner.organizationId, userId: owner.userId, role: 'owner' };
    signed = await createDocument(t.app, owner.organizationId, { name: 'A policy' });
    unsent = await createDocument(t.app, owner.organizationId, { name: 'B policy' });
    await createDocument(t.app, owner.organizationId, { name: 'Draft', published: false });
    const issuing = await createGroup(t.app, owner.organizationId, { documentIds: [signed.id] });
    const quiet = await createGroup(t.app, owner.organizationId, { autoIssue: false, documentIds: [unsent.id] });
    for (let i = 0; i < 3; i++) signers.push((await createPerson(t.app, owner.organizationId)).id);
    for (let i = 0; i < 4; i++) others.push((await createPerson(t.app, owner.organizationId)).id);
    await t.app.get(AddPeopleToGroup).execute({ groupId: issuing.id, personIds: signers });
    await t.app.get(AddPeopleToGroup).execute({ groupId: quiet.id, personIds: others });
    // signers[0] attested 60 days ago a document renewed every 30: renewal due. signers[1]'s request is past expiry.
    await t.db.query(
      `UPDATE attestation_requests SET status = 'attested', attested_at = now() - interval '60 days'
        WHERE person_id = $1 AND document_id = $2`,
      [signers[0], signed.id],
    );
    await t.db.query(`UPDATE documents SET renewal_interval_days = 30 WHERE id = $1`, [signed.id]);
    await t.db.query(
      `UPDATE attestation_requests SET expires_at = now() - interval '1 hour' WHERE person_id = $1 AND document_id = $2`,
      [signers[1], signed.id],
    );
  });
  afterAll(() => t.close());

  it('shows each published document with the maintained counts, most outstanding first, and the totals', async () => {
    const overview = await t.app.get(ShowComplianceOverview).execute({ viewer });
    expect(overview.documents.map((d) => d.name)).toEqual(['B policy', 'A policy']);
    for (const document of overview.documents) {
      const listed = await t.http.get(`/api/v1/documents/${document.documentId}`).set(owner.auth).expect(200);
      expect(document.counts).toEqual(listed.body.attestation_counts);
    }
    const [b, a] = overview.documents;
    expect(b).toMatchObject({ outstanding: 4, overdue: 0, completionRate: 0 });
    expect(b.counts).toMatchObject({ unrequested: 4, total: 4 });
    expect(a.counts).toMatchObject({ renewal_due: 1, pending_attested: 2, attested_latest: 0, total: 3 });
    expect(a).toMatchObject({ outstanding: 3, overdue: 2, completionRate: 0 });
    expect(overview.totals).toMatchObject({ total: 7, unrequested: 4, renewal_due: 1, overdue: 2, outstanding: 7 });

    // A document's page reads its own row alone, with the same figures (the overdue request included).
    const one = await t.app.get(ShowComplianceOverview).execute({ viewer, documentId: a.documentId });
    expect(one.documents).toEqual([a]);
  });

  it('pages a document by person id, filters by bucket, and refuses bad input', async () => {
    const list = t.app.get(ListDocumentStandings);
    const first = await list.execute({ viewer, documentId: unsent.id, filter: {}, limit: 3 });
    expect(first.items.map((s) => s.personId)).toEqual([...others].sort().slice(0, 3));
    expect(first.next).toBe(first.items[2].personId);
    const second = await list.execute({ viewer, documentId: unsent.id, filter: {}, after: first.next, limit: 3 });
    expect(second.items.map((s) => s.personId)).toEqual([...others].sort().slice(3));
    expect(second.next).toBeNull();
    const due = await list.execute({ viewer, documentId: signed.id, filter: { bucket: 'renewal_due' }, limit: 10 });
    expect(due.items).toHaveLength(1);
    expect(due.items[0]).toMatchObject({ personId: signers[0], bucket: 'renewal_due', revisionId: signed.revisionId });
    expect(due.items[0].attestedAt).toBeInstanceOf(Date);
    await expect(list.execute({ viewer, documentId: signed.id, filter: {}, limit: 0 })).rejects.toMatchObject({
      errors: { per_page: [expect.any(String)] },
    });
    await expect(
      list.execute({ viewer, documentId: signed.id, filter: {}, after: 'x', limit: 5 }),
    ).rejects.toMatchObject({
      errors: { after: [expect.any(String)] },
    });
    await expect(
      list.execute({ viewer, documentId: signed.id, filter: { search: 'x'.repeat(256) }, limit: 5 }),
    ).rejects.toMatchObject({ errors: { search: [expect.any(String)] } });
  });

  it("gives a group manager an overview of their groups' people only", async () => {
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Gwen',
      email: `gwen.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    const team = await createGroup(t.app, owner.organizationId, { autoIssue: false });
    await t.app.get(AddPeopleToGroup).execute({ groupId: team.id, personIds: [signers[0], others[0]] });
    await t.app.get(SetGroupManagers).execute({
      actor: {
        userId: owner.userId,
        organizationId: owner.organizationId,
        role: 'owner',
        origin: { ip: null, userAgent: null },
      },
      group: await t.app.get(ShowGroup).execute({ organizationId: owner.organizationId, groupId: team.id }),
      userIds: [user.id],
    });
    const overview = await t.app.get(ShowComplianceOverview).execute({
      viewer: { organizationId: owner.organizationId, userId: user.id, role: 'group_manager' },
    });
    expect(overview.documents.map((d) => [d.name, d.counts.total, d.overdue])).toEqual([
      ['A policy', 1, 1],
      ['B policy', 1, 0],
    ]);
    expect(overview.totals).toMatchObject({ total: 2, renewal_due: 1, unrequested: 1 });
  });
});
