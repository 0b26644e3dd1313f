import type { DataSourceOptions } from 'typeorm';
import type { DatabasePooler } from '../config/app-config';
import { clientWithQueryDeadline } from './query-deadline';
import { clientWithTransactionBounds } from './transaction-bounds';
import { InitialSchema1763800000000 } from './migrations/1763800000000-initial-schema';
import { AttestationStandingIndex1763900000000 } from './migrations/1763900000000-attestation-standing-index';
import { RequestLifecycleIndexes1764000000000 } from './migrations/1764000000000-request-lifecycle-indexes';
import { RenewalAndDeliveryIndexes1764100000000 } from './migrations/1764100000000-renewal-and-delivery-indexes';
import { AttestationRequestListing1764300000000 } from './migrations/1764300000000-attestation-request-listing';
import { EventsAndWebhooks1764400000000 } from './migrations/1764400000000-events-and-webhooks';
import { EventFeedOrder1764400000001 } from './migrations/1764400000001-event-feed-order';
import { IdempotencyKeys1764500000000 } from './migrations/1764500000000-idempotency-keys';
import { GroupListingIndexes1764700000000 } from './migrations/1764700000000-group-listing-indexes';
import { ListCounters1764900000000 } from './migrations/1764900000000-list-counters';
import { WebhookFanOut1765100000000 } from './migrations/1765100000000-webhook-fan-out';
import { StandingsByRevision1765200000000 } from './migrations/1765200000000-standings-by-revision';
import { TenantForeignKeys1766100000000 } from './migrations/1766100000000-tenant-foreign-keys';
import { DeferredPairStandings1766100000001 } from './migrations/1766100000001-deferred-pair-standings';
import { PeopleListVersions1766200000000 } from './migrations/1766200000000-people-list-versions';
import { RequestPageMarks1766200000001 } from './migrations/1766200000001-request-page-marks';
import { CheaperUlidCheck1766300000000 } from './migrations/1766300000000-cheaper-ulid-check';
import { GroupMemberTotals1766400000000 } from './migrations/1766400000000-group-member-totals';
import { FoldedSearchColumns1766500000000 } from './migrations/1766500000000-folded-search-columns';
import { AssignmentGroupIndex1766600000000 } from './migrations/1766600000000-assignment-group-index';
import { RequestRevisionKey1766700000000 } from './migrations/1766700000000-request-revision-key';
import { RequestStatusListing1766800000000 } from './migrations/1766800000000-request-status-listing';
import { OrderedStandingsRepair1766800000001 } from './migrations/1766800000001-ordered-standings-repair';
import { ConsoleSignIn1766900000000 } from './migrations/1766900000000-console-sign-in';
import { SingleSignOn1766900000001 } from './migrations/1766900000001-single-sign-on';
import { GroupManagers1767000000000 } from './migrations/1767000000000-group-managers';
import { StandingsByPerson1767000000001 } from './migrations/1767000000001-standings-by-person';
import { ScimIdentityColumns1767100000000 } from './migrations/1767100000000-scim-identity-columns';
import { ScimIdentityIndexes1767100000001 } from './migrations/1767100000001-scim-identity-indexes';
import { SignerSide1767200000000 } from './migrations/1767200000000-signer-side';
import { SignerLocales1767300000000 } from './migrations/1767300000000-signer-locales';
import { EvidenceSigningKeys1767400000000 } from './migrations/1767400000000-evidence-signing-keys';
import { AttestationsWrittenOnce1767400000001 } from './migrations/1767400000001-attestations-written-once';
import { BulkActions1767600000000 } from './migrations/1767600000000-bulk-actions';
import { CredentialLookupFunction1767690000000 } from './migrations/1767690000000-credential-lookup-function';
import { CoveringGroupsListing1767690000001 } from './migrations/1767690000001-covering-groups-listing';
import { StandingsByBucket1767700000000 } from './migrations/1767700000000-standings-by-bucket';
import { ResourceEventsInFeed1767800000000 } from './migrations/1767800000000-resource-events-in-feed';
import { useFastTimestampParser } from './timestamp-parser';

export const MIGRATIONS = [
  InitialSchema1763800000000,
  AttestationStandingIndex1763900000000,
  RequestLifecycleIndexes1764000000000,
  RenewalAndDeliveryIndexes1764100000000,
  AttestationRequestListing1764300000000,
  EventsAndWebhooks1764400000000,
  EventFeedOrder1764400000001,
  IdempotencyKeys1764500000000,
  GroupListingIndexes1764700000000,
  ListCounters1764900000000,
  WebhookFanOut1765100000000,
  StandingsByRevision1765200000000,
  TenantForeignKeys1766100000000,
  DeferredPairStandings1766100000001,
  PeopleListVersions1766200000000,
  RequestPageMarks1766200000001,
  CheaperUlidCheck1766300000000,
  GroupMemberTotals1766400000000,
  FoldedSearchColumns1766500000000,
  AssignmentGroupIndex1766600000000,
  RequestRevisionKey1766700000000,
  RequestStatusListing1766800000000,
  OrderedStandingsRepair1766800000001,
  ConsoleSignIn1766900000000,
  SingleSignOn1766900000001,
  GroupManagers1767000000000,
  StandingsByPerson1767000000001,
  ScimIdentityColumns1767100000000,
  ScimIdentityIndexes1767100000001,
  SignerSide1767200000000,
  SignerLocales1767300000000,
  EvidenceSigningKeys1767400000000,
  AttestationsWrittenOnce1767400000001,
  BulkActions1767600000000,
  CredentialLookupFunction1767690000000,
  CoveringGroupsListing1767690000001,
  StandingsByBucket1767700000000,
  ResourceEventsInFeed1767800000000,
];

/** How long one query may take: on the server (`statement_timeout`) and on the client (`clientWithQueryDeadline`). */
export interface QueryBounds {
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  /** A transaction left idle this long is ended by the server: it would hold back the event log's watermark. */
  idleInTransactionTimeoutMs: number;
  /**
   * `transaction` when a transaction-mode pooler (PgBouncer, RDS Proxy, Supavisor) stands between the service and
   * PostgreSQL: see docs/pooler.md. Absent or `none`: direct connections, or a session-mode pooler.
   */
  pooler?: DatabasePooler;
  /** Named hot reads (readRows); by default, unless behind a transaction-mode pooler. */
  namedStatements?: boolean;
}

/** Whether the pool's hot reads go out as named statements (readRows). */
export function namesStatements(poolOptions: { namedStatements?: boolean }): boolean {
  return poolOptions.namedStatements !== false;
}

/**
 * One definition of the connection for the API, the worker, the CLI and the migrator. `synchronize` is off:
 * only migrations change the schema. Nothing waits on PostgreSQL unbounded: a short connect timeout (also the
 * longest wait for a pooled connection), TCP keep-alive (a peer that vanished without closing), and, given
 * `bounds`, a server-side statement timeout and a client-side one for a server that no longer answers at all
 * (frozen, half-open failover), and no JIT compilation. The migrator passes no bounds: building an index on a large table may take long.
 * It also installs the process's timestamp parser (`useFastTimestampParser`), so every process that connects reads
 * timestamps alike.
 */
export function dataSourceOptions(url: string, poolSize = 10, bounds: QueryBounds | null = null): DataSourceOptions {
  useFastTimestampParser();
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30000,
      application_name: 'attestation-service',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(bounds ? boundedConnections(bounds) : {}),
    },
  };
}

/**
 * Directly (or through a session-mode pooler) the bounds are startup parameters of each connection, free per query.
 * Through a transaction-mode pooler, which refuses those and lends a different server connection to each
 * transaction, they are `SET LOCAL` at the start of every transaction instead (the statements outside one are bound
 * by the role's own settings, docs/pooler.md), and by default no statement is named: a name prepared on one server
 * connection is unknown on the next (`prepared statement "attest_…" does not exist`) unless the pooler keeps track
 * of them (PgBouncer 1.21 and later, `max_prepared_statements`).
 */
function boundedConnections(bounds: QueryBounds): Record<string, unknown> {
  const Client = clientWithQueryDeadline(bounds.queryTimeoutMs);
  const namedStatements = bounds.namedStatements ?? bounds.pooler !== 'transaction';
  if (bounds.pooler === 'transaction') {
    const Bounded = clientWithTransactionBounds(Client, bounds.statementTimeoutMs, bounds.idleInTransactionTimeoutMs);
    return { Client: Bounded, namedStatements };
  }
  return {
    namedStatements,
    statement_timeout: bounds.statementTimeoutMs,
    idle_in_transaction_session_timeout: bounds.idleInTransactionTimeoutMs,
    Client,
    // Every statement of the API, the worker and the CLI is short: compiling it with LLVM never pays. Once
    // the tables are large, a group add's 2,000-row statements passed jit_above_cost and compiled for some
    // 70 ms each, more than their own work; a list's first count over many rows would too.
    options: '-c jit=off',
  };
}
