import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { ATTESTATION_BUCKETS, AttestationBucket } from '../../src/documents/domain/attestation-counts';
import { STORED_BUCKETS, StoredBucket } from '../../src/list-counters/application/stored-buckets';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { ListDocumentStandings } from '../../src/standings/application/list-document-standings.use-case';
import type { PersonStanding } from '../../src/standings/application/standings';
import { StandingsReadModel } from '../../src/standings/application/standings-read-model';
import type { Viewer } from '../../src/standings/application/viewer';
import { viewerScopeOf } from '../../src/standings/application/viewer';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

type Condition = 'stale' | 'fell' | 'current';

/**
 * The contract's bucket of a stored bucket on an earlier revision (stale), on the latest with its due date passed
 * (fell), or on the latest and not due (current), worked out from what the stored bucket says of the pair (an
 * attestation of which revision, due or not, an open request) by the contract's rule, the first that applies:
 * attested_latest, pending_attested, renewal_due, attested_outdated, unrequested. Apart from the service's table,
 * so both the rows' buckets and the filter that picks them are checked against the contract.
 */
function contractBucketOf(stored: StoredBucket, condition: Condition): AttestationBucket {
  const attested = ['latest', 'latest_open', 'due', 'due_open', 'outdated'].includes(stored);
  const attestedLatest = attested && stored !== 'outdated' && condition !== 'stale';
  const due = stored === 'due' || stored === 'due_open' || condition === 'fell';
  const open = ['latest_open', 'due_open', 'pending'].includes(stored);
  if (attestedLatest && !due) return 'attested_latest';
  if (open) return 'pending_attested';
  if (attestedLatest) return 'renewal_due';
  if (attested) return 'attested_outdated';
  return 'unrequested';
}

/**
 * A document's standings filtered by bucket read only the stored buckets that may count as the one asked for and
 * merge them in person order: the filtered pages, walked two at a time, and the filtered stream must be exactly the
 * unfiltered list's rows of that bucket, for every stored bucket in every condition.
 */
describe("a document's standings filtered by bucket", () => {
  let t: TestApp;
  let viewer: Viewer;
  let documentId: string;
  const expected = new Map<string, AttestationBucket>();
  let outsider: string;

  beforeAll(async () => {
    t = await startTestApp();
    const owner = await createTenant(t.app);
    viewer = { organizationId: owner.organizationId, userId: owner.userId, role: 'owner' };
    const document = await createDocument(t.app, owner.organizationId);
    documentId = document.id;
    const earlier = document.revisionId!;
    const { revisionId: latest } = await t.app
      .get(PublishDocumentRevision)
      .execute({ documentId, content: '# The second revision' });
    const group = await createGroup(t.app, owner.organizationId, { autoIssue: false, documentIds: [documentId] });
    const rows: { personId: string; stored: string; condition: Condition }[] = [];
    for (const stored of STORED_BUCKETS) {
      for (const condition of ['stale', 'fell', 'current'] as const) {
        const person = await createPerson(t.app, owner.organizationId);
        rows.push({ personId: person.id, stored, condition });
        expected.set(person.id, contractBucketOf(stored, condition));
      }
    }
    outsider = (await createPerson(t.app, owner.organizationId)).id;
    await t.app
      .get(AddPeopleToGroup)
      .execute({ groupId: group.id, personIds: [...rows.map((r) => r.personId), outsider] });
    for (const { personId, stored, condition } of rows) {
      await t.db.query(
        `UPDATE attestation_standings SET bucket = $3, revision_id = $4,
                due_at = CASE WHEN $5 THEN now() - interval '1 day' ELSE now() + interval '30 days' END
          WHERE document_id = $1 AND person_id = $2`,
        [documentId, personId, stored, condition === 'stale' ? earlier : latest, condition === 'fell'],
      );
    }
    // Not an assignee (a person removed from the document with a request left): in no list.
    await t.db.query(`UPDATE attestation_standings SET bucket = 'none' WHERE document_id = $1 AND person_id = $2`, [
      documentId,
      outsider,
    ]);
  });
  afterAll(() => t.close());

  const list = (bucket: AttestationBucket | null, after: string | null, limit: number) =>
    t.app.get(ListDocumentStandings).execute({ viewer, documentId, filter: { bucket }, after, limit });

  it('counts each stored bucket, in each condition, as the contract says', async () => {
    const all = await list(null, null, 100);
    expect(all.next).toBeNull();
    expect(new Map(all.items.map((s) => [s.personId, s.bucket]))).toEqual(expected);
    expect(all.items.map((s) => s.personId)).toEqual([...expected.keys()].sort());
  });

  it.each(ATTESTATION_BUCKETS)('pages and streams %s as the unfiltered list holds it', async (bucket) => {
    const all = (await list(null, null, 100)).items;
    const wanted = all.filter((s) => s.bucket === bucket);
    expect(wanted.length).toBeGreaterThan(0);

    const paged: PersonStanding[] = [];
    let after: string | null = null;
    do {
      const page = await list(bucket, after, 2);
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      after = page.next;
    } while (after);
    expect(paged).toEqual(wanted);

    const streamed: PersonStanding[] = [];
    const scope = viewerScopeOf(viewer);
    for await (const standing of t.app
      .get(StandingsReadModel)
      .standingsStream(scope, documentId, { bucket }, new Date()))
      streamed.push(standing);
    expect(streamed).toEqual(wanted);
  });
});
