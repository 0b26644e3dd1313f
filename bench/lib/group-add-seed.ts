/**
 * The organization of the group-add benchmarks: an owner token and 20 published documents; then, per round, a new
 * auto-issuing group and new people, ready for the add the round times. Inserted directly, so seeding stays out of
 * the figures.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { newId } from '@lib/core';
import { hashToken, TOKEN_PREFIX } from '../../src/identity/domain/api-token';

export const PEOPLE = 100;
export const DOCUMENTS = 20;

export interface Seed {
  organizationId: string;
  token: string;
  documentIds: string[];
}

export async function seedOrganization(client: Client): Promise<Seed> {
  const organizationId = newId();
  const userId = newId();
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO organizations (id, name, billing_status, created_at, updated_at) VALUES ($1, 'Bench & Co', 'active', now(), now())`,
    [organizationId],
  );
  await client.query(
    `INSERT INTO users (id, name, email, created_at, updated_at) VALUES ($1, 'Bench', $2, now(), now())`,
    [userId, `bench.${userId}@example.test`],
  );
  await client.query(
    `INSERT INTO organization_memberships (organization_id, user_id, role, created_at, updated_at) VALUES ($1, $2, 'owner', now(), now())`,
    [organizationId, userId],
  );
  await client.query(
    `INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, created_at)
     VALUES ($1, $2, $3, $3, 'bench', $4, now())`,
    [newId(), organizationId, userId, hashToken(token)],
  );
  const documentIds: string[] = [];
  for (let i = 1; i <= DOCUMENTS; i++) {
    const documentId = newId();
    const revisionId = newId();
    const content = `# Policy ${i}\n\nRead and sign.`;
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO documents (id, organization_id, name, latest_revision_id, created_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())`,
      [documentId, organizationId, `Policy ${String(i).padStart(2, '0')}`, revisionId],
    );
    await client.query(
      `INSERT INTO document_revisions (id, organization_id, document_id, content, content_sha256, published_at, created_at)
       VALUES ($1, $2, $3, $4, $5, now(), now())`,
      [revisionId, organizationId, documentId, content, createHash('sha256').update(content).digest('hex')],
    );
    await client.query('COMMIT');
    documentIds.push(documentId);
  }
  return { organizationId, token, documentIds };
}

/**
 * One round's new auto-issuing group and `count` new people (by default 100, for a people add). For a people add,
 * the group holds the 20 documents and the people are not in it yet; for a documents add, the people are its
 * members and it holds no document.
 */
export async function seedRound(
  client: Client,
  seed: Seed,
  round: number,
  add: { what: 'people' | 'documents'; count: number } = { what: 'people', count: PEOPLE },
): Promise<{ groupId: string; people: { id: string; email: string }[] }> {
  const groupId = newId();
  await client.query(
    `INSERT INTO groups (id, organization_id, name, auto_issue_requests, created_at, updated_at) VALUES ($1, $2, $3, true, now(), now())`,
    [groupId, seed.organizationId, `Bench group ${round}`],
  );
  const people = Array.from({ length: add.count }, (_, i) => ({
    id: newId(),
    email: `round${round}.person${i}@example.test`,
  }));
  await client.query(
    `INSERT INTO people (id, organization_id, first_name, last_name, email, source, created_at, updated_at)
     SELECT id, $1, 'Person', 'Bench', email, 'oauth', now(), now() FROM unnest($2::varchar[], $3::varchar[]) AS p (id, email)`,
    [seed.organizationId, people.map((p) => p.id), people.map((p) => p.email)],
  );
  if (add.what === 'people') {
    await client.query(
      `INSERT INTO group_documents (group_id, document_id, created_at) SELECT $1, unnest($2::varchar[]), now()`,
      [groupId, seed.documentIds],
    );
  } else {
    await client.query(
      `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
       SELECT $1, id, $2, now() FROM unnest($3::varchar[]) AS p (id)`,
      [groupId, seed.organizationId, people.map((p) => p.id)],
    );
    // A thousand memberships at once: fresh statistics, as autovacuum would soon give them.
    await client.query('ANALYZE');
  }
  return { groupId, people };
}
