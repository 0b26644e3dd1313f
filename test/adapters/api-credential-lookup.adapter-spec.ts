import { DataSource } from 'typeorm';
import { newId } from '@lib/core';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { TypeormApiTokenRepository } from '../../src/identity/infrastructure/typeorm-api-token.repository';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const ORGANIZATION = newId();
const USER = newId();
const TOKEN = newId();
const HASH = 'a'.repeat(64);
const CREATED = new Date('2026-11-01T10:00:00.123Z');

/**
 * The token lookup reads the rows as they are on every call: the live role and revocation, with the driver's types.
 * Unnamed (as behind a transaction-mode pooler) it calls `api_credential_by_hash`, a PL/pgSQL function whose join is
 * planned once per server connection; named, it runs the join. One connection, so a cached plan is the one reused.
 */
describe.each([false, true])('the API token lookup, named statements: %s', (namedStatements) => {
  let database: TestDatabase;
  let db: DataSource;
  let tokens: TypeormApiTokenRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    const options = dataSourceOptions(database.url, 1);
    db = await new DataSource({ ...options, extra: { ...options.extra, namedStatements } }).initialize();
    tokens = new TypeormApiTokenRepository(db);
    await db.query(
      `INSERT INTO organizations (id, name, billing_status, trial_ends_at, created_at, updated_at, default_locale)
       VALUES ($1, 'Acme', 'active', NULL, $2, $2, 'de')`,
      [ORGANIZATION, CREATED],
    );
    await db.query(
      `INSERT INTO users (id, name, email, created_at, updated_at) VALUES ($1, 'Ada', 'ada@example.com', $2, $2)`,
      [USER, CREATED],
    );
    await db.query(
      `INSERT INTO organization_memberships (organization_id, user_id, role, created_at, updated_at)
       VALUES ($1, $2, 'administrator', $3, $3)`,
      [ORGANIZATION, USER, CREATED],
    );
    await db.query(
      `INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, created_at)
       VALUES ($1, $2, $3, $3, 'ci', $4, $5)`,
      [TOKEN, ORGANIZATION, USER, HASH, CREATED],
    );
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('answers the token, its live role, organization and user, with dates as dates', async () => {
    const credential = await tokens.findCredentialByHash(HASH);
    expect(credential?.token.toSnapshot()).toMatchObject({
      id: TOKEN,
      organizationId: ORGANIZATION,
      userId: USER,
      createdByUserId: USER,
      name: 'ci',
      tokenHash: HASH,
      scopes: ['api:use'],
      createdAt: CREATED,
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    expect(credential?.principal).toMatchObject({ tokenId: TOKEN, role: 'administrator' });
    expect(credential?.principal.organization).toMatchObject({
      id: ORGANIZATION,
      name: 'Acme',
      billingStatus: 'active',
      defaultLocale: 'de',
    });
    expect(credential?.principal.user).toMatchObject({ id: USER, name: 'Ada', email: 'ada@example.com' });
    expect(await tokens.findCredentialByHash('b'.repeat(64))).toBeNull();
  });

  it('sees a changed role and a revocation on the next call, after its plan is cached', async () => {
    for (let i = 0; i < 7; i++) expect((await tokens.findCredentialByHash(HASH))?.principal.role).toBe('administrator');
    await db.query(`UPDATE organization_memberships SET role = 'group_manager' WHERE user_id = $1`, [USER]);
    const revokedAt = new Date('2026-11-02T08:00:00Z');
    await db.query(`UPDATE api_tokens SET revoked_at = $2 WHERE id = $1`, [TOKEN, revokedAt]);
    const credential = await tokens.findCredentialByHash(HASH);
    expect(credential?.principal.role).toBe('group_manager');
    expect(credential?.token.toSnapshot().revokedAt).toEqual(revokedAt);
  });
});
