import { FixedClock } from '@lib/core';
import { attestationRequestMapper } from '../../src/attestation-requests/infrastructure/attestation-request.mapper';
import { AttestationRequestRecord } from '../../src/attestation-requests/infrastructure/attestation-request.record';
import { presentAttestationRequest } from '../../src/attestation-requests/http/attestation-request.presenter';
import { attestationToken, hashAttestationToken } from '../../src/attestation-requests/domain/attestation-link';
import { recordEvent } from '../../src/events/domain/event';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A group add issues its requests inside the database (one statement for the requests and their events): what it
 * writes must be what issuing them one by one in this process writes, byte for byte where bytes are kept.
 */
describe('requests issued set-based by a group add', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      clock: new FixedClock(new Date('2026-03-04T05:06:07.089Z')),
      env: { ATTESTATION_REQUEST_TTL_DAYS: '30' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('have the events, page tokens and ids that issuing them one by one would give', async () => {
    const tenant = await createTenant(t.app);
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const people = [
      await createPerson(t.app, tenant.organizationId, { firstName: 'Zoë "Z" \\ O\'Neil', lastName: 'Ünal\ttab' }),
      await createPerson(t.app, tenant.organizationId, { firstName: '李', lastName: 'Ωmega 😀' }),
    ];
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: people.map((p) => p.id) })
      .expect(200);

    const records = await t.db.manager.find(AttestationRequestRecord, {
      where: { organizationId: tenant.organizationId },
      order: { id: 'ASC' },
    });
    expect(records).toHaveLength(4);
    // Ids in issue order (person, then document), like newId()'s monotonic ones.
    const byPair = [...records].sort((a, b) =>
      a.personId === b.personId ? a.documentId.localeCompare(b.documentId) : a.personId.localeCompare(b.personId),
    );
    expect(records.map((r) => r.id)).toEqual(byPair.map((r) => r.id));
    for (const record of records) {
      expect(record.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
      expect(record.id.slice(0, 10)).toBe(records[0].id.slice(0, 10));
    }
    const events: { id: string; attestation_request_id: string; body: string; created_at: Date }[] = await t.db.query(
      `SELECT id, attestation_request_id, body, created_at FROM events WHERE organization_id = $1 AND attestation_request_id IS NOT NULL ORDER BY id`,
      [tenant.organizationId],
    );
    expect(events).toHaveLength(4);
    expect(events.map((e) => e.attestation_request_id)).toEqual(records.map((r) => r.id));
    for (const [index, record] of records.entries()) {
      const request = attestationRequestMapper.toDomain(record);
      expect(request.status).toBe('sent');
      expect(request.expiresAt?.toISOString()).toBe('2026-04-03T05:06:07.089Z');
      expect(record.accessTokenHash).toBe(hashAttestationToken(attestationToken(t.config.appKey!, record.id)));
      const expected = recordEvent({
        id: events[index].id,
        organizationId: tenant.organizationId,
        attestationRequestId: record.id,
        type: 'attestation_request.created',
        timestamp: t.clock.now(),
        data: presentAttestationRequest(request),
      });
      expect(events[index].body).toBe(expected.body);
      expect(events[index].created_at.toISOString()).toBe(t.clock.now().toISOString());
    }
    // The page opens with the link the email carries.
    const token = attestationToken(t.config.appKey!, records[0].id);
    await t.http.get(`/attest/${token}`).expect(200);
  });

  it('a documents add larger than one statement takes (20 documents × 300 members) issues each request once, in order', async () => {
    const tenant = await createTenant(t.app);
    const documents = await Promise.all(Array.from({ length: 20 }, () => createDocument(t.app, tenant.organizationId)));
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [] });
    const ids: { id: string }[] = await t.db.query(
      `INSERT INTO people (id, organization_id, first_name, last_name, email, source, created_at, updated_at)
       SELECT '01m8' || lpad(g::text, 6, '0') || substr($2, 11, 16), $1, 'Member', 'Many', 'm' || g || '.' || $2 || '@example.test',
              'oauth', now(), now()
         FROM generate_series(1, 300) g RETURNING id`,
      [tenant.organizationId, tenant.organizationId],
    );
    await t.db.query(
      `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
       SELECT $1, id, $2, now() FROM unnest($3::varchar[]) AS p (id)`,
      [group.id, tenant.organizationId, ids.map((row) => row.id)],
    );
    await t.http
      .post(`/api/v1/groups/${group.id}/documents`)
      .set(tenant.auth)
      .send({ document_ids: documents.map((d) => d.id) })
      .expect(200);
    const requests: { id: string; document_id: string; person_id: string }[] = await t.db.query(
      `SELECT id, document_id, person_id FROM attestation_requests WHERE organization_id = $1 ORDER BY id`,
      [tenant.organizationId],
    );
    expect(requests).toHaveLength(6000);
    expect(new Set(requests.map((r) => `${r.document_id}/${r.person_id}`)).size).toBe(6000);
    const events: { attestation_request_id: string }[] = await t.db.query(
      `SELECT attestation_request_id FROM events WHERE organization_id = $1 AND attestation_request_id IS NOT NULL ORDER BY id`,
      [tenant.organizationId],
    );
    expect(events.map((e) => e.attestation_request_id)).toEqual(requests.map((r) => r.id));
    const [{ notifications, announced }] = await t.db.query(
      `SELECT count(*)::int AS notifications, sum(cardinality(attestation_request_ids))::int AS announced
         FROM notifications WHERE organization_id = $1`,
      [tenant.organizationId],
    );
    expect({ notifications, announced }).toEqual({ notifications: 300, announced: 6000 });
    const [{ assignments }] = await t.db.query(
      `SELECT count(*)::int AS assignments FROM document_assignments WHERE organization_id = $1`,
      [tenant.organizationId],
    );
    expect(assignments).toBe(6000);
  });
});
