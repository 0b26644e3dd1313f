import fc from 'fast-check';
import { FixedClock } from '@lib/core';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { AttestationRequestRepository } from '../../src/attestation-requests/application/attestation-request.repository';
import { RequestIssuer, RequestOrder } from '../../src/attestation-requests/application/request-issuer';
import { RequestTargets } from '../../src/attestation-requests/application/request-targets';
import { AttestationRequest } from '../../src/attestation-requests/domain/attestation-request';
import { attestationRequestMapper } from '../../src/attestation-requests/infrastructure/attestation-request.mapper';
import { AttestationRequestRecord } from '../../src/attestation-requests/infrastructure/attestation-request.record';
import { activeManager } from '../../src/database/typeorm-unit-of-work';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ArchiveDocument } from '../../src/documents/application/archive-document.use-case';
import { CreateDocument } from '../../src/documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import { createTenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * RequestIssuer has two bodies: `issue`, which builds each request with the entity (AttestationRequest.issue) from
 * orders decided in this process, and `issueMissing`, which decides and inserts them in one SQL statement for the
 * group adds' speed (commit 804e79b). On random people, documents and request histories, the SQL must issue what
 * the entity rules decide: for each person and document, a request exactly when the person is active and of the
 * organization, the document is requestable (RequestedDocument.isRequestable) and the person has neither an open
 * request (AttestationRequest.isOpen) nor an attested one of its latest revision; the same rows as `issue` writes
 * for those orders, the same events and emails, and no earlier request canceled or changed.
 */

const NOW = new Date('2026-05-06T07:08:09.010Z');
const HISTORY_STATUSES = ['sent', 'viewed', 'attested', 'canceled', 'expired', 'bounced'] as const;
type HistoryStatus = (typeof HISTORY_STATUSES)[number];

interface Scenario {
  people: { archived: boolean }[];
  documents: { revisions: 0 | 1 | 2; requiresSignature: boolean; archived: boolean }[];
  /** Earlier requests, oldest first; `ofLatest` false names the first of two revisions. */
  history: { person: number; document: number; status: HistoryStatus; ofLatest: boolean }[];
  /** Whether the lists name a person and a document of another organization too. */
  foreign: boolean;
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  people: fc.array(fc.record({ archived: fc.constantFrom(false, false, true) }), { minLength: 1, maxLength: 4 }),
  documents: fc.array(
    fc.record({
      revisions: fc.constantFrom<0 | 1 | 2>(0, 1, 1, 2, 2),
      requiresSignature: fc.constantFrom(true, true, true, false),
      archived: fc.constantFrom(false, false, false, true),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  history: fc.array(
    fc.record({
      person: fc.nat({ max: 3 }),
      document: fc.nat({ max: 3 }),
      status: fc.constantFrom(...HISTORY_STATUSES),
      ofLatest: fc.boolean(),
    }),
    { maxLength: 10 },
  ),
  foreign: fc.boolean(),
});

/** A request as both bodies write it, without what is drawn per request (its id and the page token's hash). */
interface IssuedRow {
  pair: string;
  row: Record<string, unknown>;
  events: string[];
}

/** What one body did, read inside its transaction before it is rolled back. */
interface Outcome {
  issued: IssuedRow[];
  /** Every earlier request as it stands afterwards. */
  earlier: Record<string, unknown>[];
  /** One line per email: its kind, person and the pairs it announces. */
  emails: string[];
}

class RolledBack extends Error {
  constructor(readonly outcome: Outcome) {
    super('rolled back on purpose');
  }
}

describe('RequestIssuer: the set-based issue against the entity rules', () => {
  let t: TestApp;
  let foreignPersonId: string;
  let foreignDocumentId: string;

  beforeAll(async () => {
    t = await startTestApp({ clock: new FixedClock(NOW), env: { ATTESTATION_REQUEST_TTL_DAYS: '30' } });
    const other = await createTenant(t.app);
    foreignPersonId = (await createPerson(other.organizationId)).id;
    foreignDocumentId = (await createDocument(other.organizationId, 1, true)).documentId;
  });
  afterAll(async () => {
    await t.close();
  });

  async function createPerson(organizationId: string) {
    return t.app.get(CreatePerson).execute({
      organizationId,
      firstName: 'Prop',
      lastName: `Erty ${Math.random().toString(36).slice(2)}`,
      email: `p.${Math.random().toString(36).slice(2)}@example.test`,
    });
  }

  async function createDocument(organizationId: string, revisions: number, requiresSignature: boolean) {
    const { document } = await t.app.get(CreateDocument).execute({
      organizationId,
      name: `Policy ${Math.random().toString(36).slice(2)}`,
      requiresSignature,
    });
    const revisionIds: string[] = [];
    for (let index = 0; index < revisions; index++) {
      const published = await t.app
        .get(PublishDocumentRevision)
        .execute({ documentId: document.id, content: `# revision ${index}` });
      revisionIds.push(published.revisionId);
    }
    return { documentId: document.id, revisionIds };
  }

  /** The organization, its people and documents, and their earlier requests, made through the domain. */
  async function setUp(input: Scenario) {
    const { organizationId } = await createTenant(t.app);
    const people = [];
    for (const _ of input.people) people.push(await createPerson(organizationId));
    const documents = [];
    for (const document of input.documents) {
      documents.push(await createDocument(organizationId, document.revisions, document.requiresSignature));
    }
    const requests = t.app.get(AttestationRequestRepository);
    const links = t.app.get(AttestationLinks);
    let at = NOW.getTime() - 1_000_000;
    for (const entry of input.history) {
      const person = people[entry.person % people.length];
      const document = documents[entry.document % documents.length];
      if (document.revisionIds.length === 0) continue;
      const revisionId = entry.ofLatest ? document.revisionIds.at(-1)! : document.revisionIds[0];
      const when = () => new Date((at += 1_000));
      await t.app.get(UnitOfWork).run(async () => {
        // One open request per pair: an older open one is canceled, as issuing does.
        const open = await requests.lockOpenRequest(organizationId, document.documentId, person.id);
        if (open) {
          open.supersede(when());
          await requests.save(open);
        }
        const request = AttestationRequest.issue({
          organizationId,
          documentId: document.documentId,
          documentRevisionId: revisionId,
          personId: person.id,
          recipientName: person.name,
          recipientEmail: person.email,
          source: 'oauth',
          expiresAt: new Date(NOW.getTime() + 86_400_000),
          accessTokenHashFor: (id) => links.tokenHashFor(id),
          now: when(),
        });
        moveTo(request, entry.status, when);
        await requests.add(request);
      });
    }
    for (const [index, person] of input.people.entries()) {
      if (person.archived) await t.app.get(ArchivePerson).execute({ personId: people[index].id });
    }
    for (const [index, document] of input.documents.entries()) {
      if (document.archived) await t.app.get(ArchiveDocument).execute({ documentId: documents[index].documentId });
    }
    const personIds = people.map((person) => person.id);
    const documentIds = documents.map((document) => document.documentId);
    if (input.foreign) {
      personIds.push(foreignPersonId);
      documentIds.push(foreignDocumentId);
    }
    return { organizationId, personIds, documentIds };
  }

  /** How often each rule decided a pair, over all runs: the data must reach every one of them. */
  const decided = { inactivePerson: 0, unrequestable: 0, open: 0, signed: 0, issued: 0 };

  /** The orders the entity rules give, pair by pair, read through the same ports `issue`'s callers use. */
  async function ordersByTheEntityRules(organizationId: string, personIds: string[], documentIds: string[]) {
    const targets = t.app.get(RequestTargets);
    const records = await t.db.manager.find(AttestationRequestRecord, { where: { organizationId } });
    const history = records.map(attestationRequestMapper.toDomain);
    const orders: RequestOrder[] = [];
    for (const personId of personIds) {
      const recipient = await targets.findRecipient(organizationId, personId);
      if (!recipient || recipient.archived) {
        decided.inactivePerson += documentIds.length;
        continue;
      }
      for (const documentId of documentIds) {
        const document = await targets.findDocument(organizationId, documentId);
        const theirs = history.filter((r) => r.personId === personId && r.documentId === documentId);
        const rule = !document?.isRequestable
          ? 'unrequestable'
          : theirs.some((request) => request.isOpen)
            ? 'open'
            : theirs.some((r) => r.status === 'attested' && r.documentRevisionId === document.latestRevisionId)
              ? 'signed'
              : 'issued';
        decided[rule]++;
        if (rule !== 'issued') continue;
        orders.push({
          organizationId,
          documentId,
          documentRevisionId: document!.latestRevisionId!,
          personId,
          recipientName: recipient.name,
          recipientEmail: recipient.email,
          source: 'system',
        });
      }
    }
    return orders;
  }

  /** Runs one body in a transaction, reads what it wrote, and rolls it all back. */
  async function dryRun(organizationId: string, work: () => Promise<unknown>): Promise<Outcome> {
    try {
      await t.app.get(UnitOfWork).run(async () => {
        const before: { id: string }[] = await activeManager(t.db).query(
          `SELECT id FROM attestation_requests WHERE organization_id = $1`,
          [organizationId],
        );
        const earlierIds = new Set(before.map((row) => row.id));
        await work();
        throw new RolledBack(await readOutcome(organizationId, earlierIds));
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.outcome;
      throw error;
    }
    throw new Error('the dry run committed');
  }

  async function readOutcome(organizationId: string, earlierIds: Set<string>): Promise<Outcome> {
    const manager = activeManager(t.db);
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT * FROM attestation_requests WHERE organization_id = $1 ORDER BY id`,
      [organizationId],
    );
    const events: { attestation_request_id: string; type: string }[] = await manager.query(
      `SELECT attestation_request_id, type FROM events WHERE organization_id = $1 AND created_at = $2 ORDER BY id`,
      [organizationId, NOW],
    );
    const notifications: { kind: string; person_id: string; attestation_request_ids: string[] }[] = await manager.query(
      `SELECT kind, person_id, to_json(attestation_request_ids) AS attestation_request_ids FROM notifications
          WHERE organization_id = $1 AND created_at = $2`,
      [organizationId, NOW],
    );
    const pairOf = new Map(rows.map((row) => [row.id as string, `${row.person_id}/${row.document_id}`]));
    const links = t.app.get(AttestationLinks);
    const issued = rows
      .filter((row) => !earlierIds.has(row.id as string))
      .map((row) => {
        // Drawn per request, but the token's hash must be the one the id gives.
        expect(row.access_token_hash).toBe(links.tokenHashFor(row.id as string));
        const { id, access_token_hash: _hash, ...rest } = row;
        return {
          pair: pairOf.get(id as string)!,
          row: rest,
          events: events.filter((event) => event.attestation_request_id === id).map((event) => event.type),
        };
      })
      .sort((a, b) => a.pair.localeCompare(b.pair));
    return {
      issued,
      earlier: rows.filter((row) => earlierIds.has(row.id as string)),
      emails: notifications
        .map((n) => `${n.kind} ${n.person_id}: ${n.attestation_request_ids.map((id) => pairOf.get(id)).sort()}`)
        .sort(),
    };
  }

  it('issues, on random data, exactly the requests, events and emails the entity rules give', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (input) => {
        const { organizationId, personIds, documentIds } = await setUp(input);
        const orders = await ordersByTheEntityRules(organizationId, personIds, documentIds);
        const issuer = t.app.get(RequestIssuer);
        const now = t.clock.now();
        const byEntity = await dryRun(organizationId, () =>
          issuer.issue(orders, { announceAs: 'requests_issued', whenOpen: 'skip', now }),
        );
        const bySql = await dryRun(organizationId, () =>
          issuer.issueMissing({
            organizationId,
            personIds,
            documentIds,
            source: 'system',
            announceAs: 'requests_issued',
            now,
          }),
        );
        const expectedPairs = orders.map((order) => `${order.personId}/${order.documentId}`).sort();
        expect(byEntity.issued.map((request) => request.pair)).toEqual(expectedPairs);
        expect(bySql.issued).toEqual(byEntity.issued);
        expect(bySql.earlier).toEqual(byEntity.earlier);
        expect(bySql.emails).toEqual(byEntity.emails);
        // Neither body cancels or touches an earlier request.
        const untouched: Record<string, unknown>[] = await t.db.query(
          `SELECT * FROM attestation_requests WHERE organization_id = $1 ORDER BY id`,
          [organizationId],
        );
        expect(bySql.earlier).toEqual(untouched);
      }),
      { numRuns: 40 },
    );
    for (const count of Object.values(decided)) expect(count).toBeGreaterThan(0);
  }, 240_000);
});

/** Moves a just-issued (`sent`) request along the allowed edges to `status`. */
function moveTo(request: AttestationRequest, status: HistoryStatus, when: () => Date): void {
  if (status === 'viewed' || status === 'attested') request.markViewed(when());
  if (status === 'attested') request.markAttested(when());
  if (status === 'canceled') request.withdraw(when());
  if (status === 'expired') request.expire(when());
  if (status === 'bounced') request.reportDeliveryProblem('bounced', when());
}
