/**
 * The benchmark's bare reference: node:http + pg (+ ioredis for the limiter), no framework, sending the very
 * statements the API sends for the benchmarked GETs, so the difference between the two is the API's own overhead.
 * - authentication: the API's credential query (CREDENTIAL_BY_HASH_SQL) and its once-a-minute usage stamp;
 * - rate limit: the same Redis script (the ThrottlerStorageRedisService the API uses), key `token:<id>`;
 * - lists and reads: the API's own statement builders (fetchPeoplePage, fetchGroupsPage, fetchDocumentsPage,
 *   PERSON_IN_ORGANIZATION_SQL), run on a pg Pool of the API's size;
 * - the same response bodies (checked by bench/run.ts against the API's before each measurement) and headers.
 * It handles only what the benchmark sends (valid queries); anything else is a 404. Run by bench/run.ts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { Pool } from 'pg';
import { toEnvelope, PageRequest } from '@lib/http';
import type { Statement } from '../../src/database/list-totals';
import { preparedStatement } from '../../src/database/prepared-statement';
import { useFastTimestampParser } from '../../src/database/timestamp-parser';
import { DocumentListingRow, fetchDocumentsPage } from '../../src/documents/infrastructure/documents-list.sql';
import type { GroupRow } from '../../src/groups/infrastructure/group.record';
import { fetchGroupsPage } from '../../src/groups/infrastructure/groups-list.sql';
import {
  CREDENTIAL_BY_HASH_SQL,
  STAMP_USAGE_SQL,
} from '../../src/identity/infrastructure/typeorm-api-token.repository';
import { fetchPeoplePage, PERSON_IN_ORGANIZATION_SQL } from '../../src/people/infrastructure/people-list.sql';
import type { PersonRow } from '../../src/people/infrastructure/person.record';

const port = Number(process.env.PORT);
const appUrl = process.env.APP_URL!;
const apiBase = `${appUrl}/api/v1`;
const limit = Number(process.env.RATE_LIMIT_PER_MINUTE ?? 60);
// The API's driver configuration: its timestamp parser (src/database/timestamp-parser.ts).
useFastTimestampParser();
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const redis = new Redis(process.env.REDIS_URL!, { keyPrefix: `${process.env.REDIS_PREFIX}:` });
const limiter = new ThrottlerStorageRedisService(redis);
// Sent as the API sends them: named, parsed once per connection (src/database/prepared-statement.ts).
const statementRows = async (text: string, values: readonly unknown[]) =>
  (await pool.query(preparedStatement(text, values))).rows;
const run = (statement: Statement) => statementRows(statement.text, statement.values);

interface Credential {
  token_id: string;
  token_organization_id: string;
  token_user_id: string;
  scopes: string[];
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  role: string;
  organization_name: string;
  billing_status: string;
  trial_ends_at: Date | null;
  user_name: string;
  user_email: string;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const person = (r: PersonRow) => ({
  id: r.id,
  organization_id: r.organization_id,
  first_name: r.first_name,
  last_name: r.last_name,
  name: r.first_name === null ? r.last_name : `${r.first_name} ${r.last_name}`,
  email: r.email,
  phone: r.phone,
  source: r.source,
  source_id: r.source_id,
  external_id: r.external_id,
  user_name: r.user_name,
  locale: r.locale,
  archived_at: iso(r.archived_at),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const group = (r: GroupRow) => ({
  id: r.id,
  organization_id: r.organization_id,
  name: r.name,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const documentListingRow = (r: DocumentListingRow) => ({
  id: r.id,
  organization_id: r.organization_id,
  name: r.name,
  default_attestation_type: r.default_attestation_type,
  requires_signature: r.requires_signature,
  renewal_interval_days: r.renewal_interval_days,
  auto_renew: r.auto_renew,
  archived_at: iso(r.archived_at),
  has_published_revision: r.latest_revision_id !== null,
  last_updated_at: iso(r.last_updated_at),
  attestation_counts: {
    attested_latest: r.attested_latest,
    pending_attested: r.pending_attested,
    attested_outdated: r.attested_outdated,
    unrequested: r.unrequested,
    renewal_due: r.renewal_due,
    total: r.total,
  },
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

function pageOf(query: URLSearchParams): PageRequest {
  return new PageRequest(Number(query.get('page') ?? 1), Number(query.get('per_page') ?? 25));
}

const text = (query: URLSearchParams, name: string) => {
  const value = query.get(name)?.trim();
  return value ? value : undefined;
};

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://bare');
  const requestId = randomUUID();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return send(response, 401, { error: 'Unauthenticated.' }, { 'X-Request-Id': requestId });
  const hash = createHash('sha256').update(match[1]).digest('hex');
  const [credential] = (await statementRows(CREDENTIAL_BY_HASH_SQL, [hash])) as Credential[];
  const now = new Date();
  if (
    !credential ||
    credential.revoked_at !== null ||
    (credential.expires_at !== null && credential.expires_at <= now) ||
    !credential.scopes.includes('api:use')
  ) {
    return send(response, 401, { error: 'Unauthenticated.' }, { 'X-Request-Id': requestId });
  }
  if (credential.last_used_at === null || now.getTime() - credential.last_used_at.getTime() >= 60_000) {
    await statementRows(STAMP_USAGE_SQL, [credential.token_id, now]);
  }
  const hits = await limiter.increment(`token:${credential.token_id}`, 60_000, limit, 60_000, 'api');
  const headers = {
    'X-Request-Id': requestId,
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - hits.totalHits)),
  };
  if (hits.isBlocked) return send(response, 429, { error: 'Too Many Attempts.' }, headers);
  const active =
    credential.billing_status === 'active' ||
    (credential.billing_status === 'trial' && credential.trial_ends_at !== null && credential.trial_ends_at > now);
  if (!active) return send(response, 402, { message: 'Payment required.' }, headers);
  const path = url.pathname;
  if (path === '/api/v1/me') {
    return send(
      response,
      200,
      {
        id: credential.token_user_id,
        name: credential.user_name,
        email: credential.user_email,
        current_organization_name: credential.organization_name,
      },
      headers,
    );
  }
  if (credential.role === 'group_manager')
    return send(response, 403, { message: 'This action is unauthorized.' }, headers);
  const organizationId = credential.token_organization_id;
  const query = url.searchParams;

  if (path === '/api/v1/people') {
    const archivedText = query.get('archived');
    const archived = archivedText === 'true' || archivedText === '1';
    const filter = { name: text(query, 'name'), email: text(query, 'email'), phone: text(query, 'phone'), archived };
    const page = pageOf(query);
    const { rows, total } = await fetchPeoplePage(run, organizationId, filter, page.offset, page.perPage);
    const links = { name: filter.name, email: filter.email, phone: filter.phone, archived: archivedText ?? undefined };
    return send(response, 200, toEnvelope({ items: rows, total }, page, `${apiBase}/people`, links, person), headers);
  }
  const personPath = /^\/api\/v1\/people\/([0-9a-hjkmnp-tv-zA-HJKMNP-TV-Z]{26})$/.exec(path);
  if (personPath) {
    const [row] = (await statementRows(PERSON_IN_ORGANIZATION_SQL, [
      personPath[1].toLowerCase(),
      organizationId,
    ])) as PersonRow[];
    return row ? send(response, 200, person(row), headers) : send(response, 404, { error: 'Not found.' }, headers);
  }
  if (path === '/api/v1/groups') {
    const page = pageOf(query);
    const { rows, total } = await fetchGroupsPage(run, organizationId, page.offset, page.perPage);
    return send(response, 200, toEnvelope({ items: rows, total }, page, `${apiBase}/groups`, {}, group), headers);
  }
  if (path === '/api/v1/documents') {
    const archivedText = query.get('archived');
    const filter = { name: text(query, 'name'), archived: archivedText === 'true' || archivedText === '1' };
    const page = pageOf(query);
    const { rows, total } = await fetchDocumentsPage(run, organizationId, filter, page.offset, page.perPage, now);
    const links = { name: filter.name, archived: archivedText ?? undefined };
    return send(
      response,
      200,
      toEnvelope({ items: rows, total }, page, `${apiBase}/documents`, links, documentListingRow),
      headers,
    );
  }
  return send(response, 404, { error: 'Not found.' }, headers);
}

const server = createServer((request, response) => {
  if (request.url === '/health/ready') return send(response, 200, { status: 'ok' });
  handle(request, response).catch((error: unknown) => {
    process.stderr.write(`bare server: ${(error as Error).stack}\n`);
    if (!response.headersSent) send(response, 500, { error: 'Server Error.' });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
  redis.disconnect();
  setTimeout(() => process.exit(0), 200).unref();
});
