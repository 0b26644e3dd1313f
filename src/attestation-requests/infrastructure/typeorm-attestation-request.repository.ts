import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { idAt, sqlIdRun, UnnestColumn, unnestRows } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EventRecorder } from '../../events/application/event-recorder';
import { eventsOf } from '../application/request-events';
import {
  AttestationRequestRepository,
  IssuedRequest,
  MissingRequests,
} from '../application/attestation-request.repository';
import type { AttestationRequest } from '../domain/attestation-request';
import { OPEN_STATUSES, statusesMovableTo } from '../domain/attestation-request-status';
import { MAX_REMINDERS, REMINDABLE_STATUSES } from '../domain/reminder-schedule';
import { attestationRequestMapper } from './attestation-request.mapper';
import { AttestationRequestRecord } from './attestation-request.record';
import { issuedEventBodySql, KnownFields } from './request-event.sql';

/** How many (person, document) pairs one statement of `issueMissing` takes at most (whole documents). */
const PAIRS_PER_STATEMENT = 2_000;

/**
 * The ids of one statement's possible requests, in candidate order, their page tokens' hashes, and the ids of
 * their `created` events (the k-th request issued, in id order, records the k-th).
 */
interface MintedRequests {
  ids: string[];
  accessTokenHashes: string[];
  eventIds: string[];
}

/**
 * The times `issueMissingOnce` writes for every request it issues ($6 now, $7 the expiry, the others none), as JSON
 * text ($11, $12): its events' snapshots take them from here rather than from each row, so no row formats a date.
 */
const ISSUED_TIMES: KnownFields = {
  sent_at: '$11::text',
  last_reminded_at: `'null'`,
  viewed_at: `'null'`,
  attested_at: `'null'`,
  canceled_at: `'null'`,
  expires_at: '$12::text',
  expired_at: `'null'`,
  created_at: '$11::text',
  updated_at: '$11::text',
};

/** One turn of the event loop: a query just called has been written to the database's socket. */
const statementOnItsWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The predicate of the partial unique index attestation_requests_one_open, as ON CONFLICT must repeat it. */
const OPEN_PREDICATE = `status IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The columns of the one-statement insert of many requests. */
const COLUMNS: UnnestColumn<AttestationRequest>[] = [
  ['id', 'varchar', (r) => r.id],
  ['organization_id', 'varchar', (r) => r.organizationId],
  ['document_id', 'varchar', (r) => r.documentId],
  ['document_revision_id', 'varchar', (r) => r.documentRevisionId],
  ['person_id', 'varchar', (r) => r.personId],
  ['recipient_name', 'varchar', (r) => r.recipientName],
  ['recipient_email', 'varchar', (r) => r.recipientEmail],
  ['requested_attestation_type', 'varchar', (r) => r.requestedAttestationType],
  ['source', 'varchar', (r) => r.source],
  ['status', 'varchar', (r) => r.status],
  ['recipient_message', 'text', (r) => r.recipientMessage],
  ['delivery', 'varchar', (r) => r.delivery],
  ['access_token_hash', 'varchar', (r) => r.accessTokenHash],
  ['sent_at', 'timestamptz', (r) => r.sentAt],
  ['expires_at', 'timestamptz', (r) => r.expiresAt],
  ['requested_by_user_id', 'varchar', (r) => r.requestedByUserId],
  ['created_at', 'timestamptz', (r) => r.createdAt],
  ['updated_at', 'timestamptz', (r) => r.updatedAt],
];

@Injectable()
export class TypeormAttestationRequestRepository extends AttestationRequestRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly events: EventRecorder,
  ) {
    super();
  }

  async findInOrganization(organizationId: string, id: string): Promise<AttestationRequest | null> {
    const record = await activeManager(this.db).findOneBy(AttestationRequestRecord, { organizationId, id });
    return record ? attestationRequestMapper.toDomain(record) : null;
  }

  async lockInOrganization(organizationId: string, id: string): Promise<AttestationRequest | null> {
    const [request] = await this.lock({ ids: [id], organizationId });
    return request ?? null;
  }

  async findAcrossOrganizations(id: string): Promise<AttestationRequest | null> {
    const record = await activeManager(this.db).findOneBy(AttestationRequestRecord, { id });
    return record ? attestationRequestMapper.toDomain(record) : null;
  }

  async lockAcrossOrganizations(id: string): Promise<AttestationRequest | null> {
    const [request] = await this.lock({ ids: [id] });
    return request ?? null;
  }

  async findForDelivery(ids: readonly string[]): Promise<AttestationRequest[]> {
    if (ids.length === 0) return [];
    const records = await activeManager(this.db).findBy(AttestationRequestRecord, { id: In([...ids]) });
    return records.map(attestationRequestMapper.toDomain);
  }

  lockForDelivery(ids: readonly string[]): Promise<AttestationRequest[]> {
    return this.lock({ ids });
  }

  private async lock(input: { ids: readonly string[]; organizationId?: string }): Promise<AttestationRequest[]> {
    if (input.ids.length === 0) return [];
    const query = activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.id IN (:...ids)', { ids: [...input.ids] });
    if (input.organizationId !== undefined) {
      query.andWhere('request.organization_id = :organizationId', { organizationId: input.organizationId });
    }
    const records = await query.orderBy('request.id').setLock('pessimistic_write').getMany();
    return records.map(attestationRequestMapper.toDomain);
  }

  async lockOpenRequest(
    organizationId: string,
    documentId: string,
    personId: string,
  ): Promise<AttestationRequest | null> {
    const manager = activeManager(this.db);
    // Locks the (document, person) slot itself, not only an existing row: concurrent senders queue up here
    // instead of both finding nothing and colliding on the unique index.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`request:${documentId}:${personId}`]);
    const record = await manager
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.document_id = :documentId AND request.person_id = :personId', { documentId, personId })
      .andWhere('request.organization_id = :organizationId', { organizationId })
      .andWhere('request.status IN (:...open)', { open: OPEN_STATUSES })
      .setLock('pessimistic_write')
      .getOne();
    return record ? attestationRequestMapper.toDomain(record) : null;
  }

  async add(request: AttestationRequest): Promise<void> {
    await activeManager(this.db).insert(AttestationRequestRecord, attestationRequestMapper.toRecord(request));
    await this.persisted([request]);
  }

  async addUnlessOpen(requests: readonly AttestationRequest[]): Promise<AttestationRequest[]> {
    if (requests.length === 0) return [];
    const { columns, unnest, parameters } = unnestRows(COLUMNS, requests);
    const rows: { id: string }[] = await activeManager(this.db).query(
      `INSERT INTO attestation_requests (${columns})
       SELECT * FROM ${unnest}
       ON CONFLICT (document_id, person_id) WHERE ${OPEN_PREDICATE} DO NOTHING
       RETURNING id`,
      parameters,
    );
    const ids = new Set(rows.map((row) => row.id));
    const added = requests.filter((r) => ids.has(r.id));
    await this.persisted(added);
    return added;
  }

  async issueMissing(input: MissingRequests): Promise<IssuedRequest[]> {
    const before = input.after ?? Promise.resolve();
    before.catch(() => undefined); // awaited below; no unhandled rejection while the first ids are made
    if (input.personIds.length === 0 || input.documentIds.length === 0) {
      await before;
      return [];
    }
    // Statements of at most ~PAIRS_PER_STATEMENT pairs (whole documents), so that none nears the statement timeout
    // on a loaded machine; the ids of all of them are one run, in order.
    const requestRun = sqlIdRun(input.now);
    const eventRun = sqlIdRun(input.now);
    const perStatement = Math.max(1, Math.floor(PAIRS_PER_STATEMENT / input.personIds.length));
    const issued: IssuedRequest[] = [];
    // Every candidate's id is known before its statement (the run's ordinals), so the ids and their page tokens'
    // hashes are made here, one per possible candidate, and the key that derives the tokens stays in this process.
    // The first statement's are made while the database runs the work it follows, the next statement's while it
    // runs the current one.
    const mint = (start: number, candidates: number): MintedRequests => {
      const ids = Array.from({ length: candidates }, (_, index) => idAt(requestRun, start + index + 1));
      const eventIds = Array.from({ length: candidates }, (_, index) => idAt(eventRun, start + index + 1));
      return { ids, accessTokenHashes: ids.map(input.accessTokenHashOf), eventIds };
    };
    if (input.after) await statementOnItsWay();
    let minted = mint(0, input.personIds.length * Math.min(perStatement, input.documentIds.length));
    await before;
    for (let start = 0; start < input.documentIds.length; start += perStatement) {
      const documentIds = input.documentIds.slice(start, start + perStatement);
      const issuing = this.issueMissingOnce({ ...input, documentIds }, minted);
      issuing.catch(() => undefined); // awaited below; no unhandled rejection while the next ids are made
      const next = input.documentIds.slice(start + perStatement, start + 2 * perStatement);
      if (next.length > 0) {
        await statementOnItsWay();
        minted = mint((start + perStatement) * input.personIds.length, input.personIds.length * next.length);
      }
      issued.push(...(await issuing));
    }
    return issued;
  }

  private async issueMissingOnce(input: MissingRequests, minted: MintedRequests): Promise<IssuedRequest[]> {
    // One statement inserts the requests and their events (from the rows it inserted, not read back).
    const rows: { id: string; person_id: string; document_id: string; event_id: string | null }[] = await activeManager(
      this.db,
    ).query(
      `WITH candidates AS (
           SELECT person.id AS person_id, person.full_name, person.email, document.id AS document_id,
                  document.latest_revision_id,
                  row_number() OVER (ORDER BY person.id, document.id) AS n
             FROM people person
             JOIN documents document ON document.id = ANY($3::varchar[]) AND document.organization_id = $1
            WHERE person.id = ANY($2::varchar[]) AND person.organization_id = $1 AND person.archived_at IS NULL
              AND document.latest_revision_id IS NOT NULL AND document.archived_at IS NULL
              AND document.requires_signature
              -- OFFSET 0 keeps this a probe of attestation_requests_standing per pair: as an anti-join, planned
              -- from statistics that do not know the rows this transaction already inserted, it sorted every open
              -- request of the table, each statement more of them.
              AND NOT EXISTS (
                    SELECT 1 FROM attestation_requests request
                     WHERE request.document_id = document.id AND request.person_id = person.id
                       AND (request.status = ANY($4::varchar[])
                            OR (request.status = 'attested'
                                AND request.document_revision_id = document.latest_revision_id))
                    OFFSET 0)
         ), c AS (
           -- Joined by ordinal: a subscript of a text array walks it from its start, for each of 2,000 rows.
           SELECT candidates.*, minted.id, minted.access_token_hash
             FROM candidates
             JOIN unnest($8::varchar[], $9::varchar[]) WITH ORDINALITY AS minted (id, access_token_hash, n)
               ON minted.n = candidates.n
         ), issued AS (
           INSERT INTO attestation_requests
             (id, organization_id, document_id, document_revision_id, person_id, recipient_name, recipient_email,
              requested_attestation_type, source, status, recipient_message, access_token_hash, sent_at,
              expires_at, requested_by_user_id, created_at, updated_at)
           SELECT id, $1, document_id, latest_revision_id, person_id, full_name, email,
                  'signature', $5, 'sent', NULL, access_token_hash, $6, $7, NULL, $6, $6
             FROM c ORDER BY n
           ON CONFLICT (document_id, person_id) WHERE ${OPEN_PREDICATE} DO NOTHING
           RETURNING *
         ), recorded AS (
           INSERT INTO events (id, organization_id, attestation_request_id, type, body, created_at)
           SELECT minted.event_id, o.organization_id, o.id, 'attestation_request.created',
                  ${issuedEventBodySql({ alias: 'o', eventId: 'minted.event_id', timestamp: '$11::text', known: ISSUED_TIMES })},
                  o.created_at
             FROM (SELECT issued.*, row_number() OVER (ORDER BY issued.id) AS n FROM issued) o
             JOIN unnest($10::varchar[]) WITH ORDINALITY AS minted (event_id, n) ON minted.n = o.n
            ORDER BY minted.event_id
           RETURNING id, attestation_request_id
         )
         SELECT issued.id, issued.person_id, issued.document_id, recorded.id AS event_id
           FROM issued LEFT JOIN recorded ON recorded.attestation_request_id = issued.id
          ORDER BY issued.id`,
      [
        input.organizationId,
        [...input.personIds],
        [...input.documentIds],
        [...OPEN_STATUSES],
        input.source,
        input.now,
        input.expiresAt,
        minted.ids,
        minted.accessTokenHashes,
        minted.eventIds,
        JSON.stringify(input.now.toISOString()),
        JSON.stringify(input.expiresAt?.toISOString() ?? null),
      ],
    );
    if (rows.some((row) => row.event_id === null)) {
      throw new Error(`issued ${rows.length} requests but recorded fewer events`);
    }
    await this.events.appended(
      rows.map((row) => ({
        id: row.event_id!,
        organizationId: input.organizationId,
        type: 'attestation_request.created',
      })),
    );
    return rows.map((row) => ({
      id: row.id,
      organizationId: input.organizationId,
      personId: row.person_id,
      documentId: row.document_id,
    }));
  }

  async save(request: AttestationRequest): Promise<void> {
    const { id, ...changes } = attestationRequestMapper.toRecord(request);
    await activeManager(this.db).update(AttestationRequestRecord, { id }, changes);
    await this.persisted([request]);
  }

  /**
   * Where every change of a request ends up, in the writing transaction: the changes the entity recorded are
   * taken (so the next save of the same object does not report them twice) and recorded as events, in one
   * statement for a whole batch.
   */
  private async persisted(requests: readonly AttestationRequest[]): Promise<void> {
    await this.events.record(requests.flatMap((request) => eventsOf(request, request.takeChanges())));
  }

  async lockByAccessTokenHash(hash: string): Promise<AttestationRequest | null> {
    const record = await activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.access_token_hash = :hash', { hash })
      .setLock('pessimistic_write')
      .getOne();
    return record ? attestationRequestMapper.toDomain(record) : null;
  }

  async lockOverdueAcrossOrganizations(input: { now: Date; limit: number }): Promise<AttestationRequest[]> {
    const records = await activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.status IN (:...expirable)', { expirable: statusesMovableTo('expired') })
      .andWhere('request.expires_at <= :now', { now: input.now })
      .orderBy('request.expiresAt')
      .limit(input.limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
    return records.map(attestationRequestMapper.toDomain);
  }

  async lockDueForReminderAcrossOrganizations(input: {
    now: Date;
    remindedOrSentBefore: Date;
    limit: number;
  }): Promise<AttestationRequest[]> {
    const records = await activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.status IN (:...remindable)', { remindable: REMINDABLE_STATUSES })
      .andWhere('request.reminder_count < :max', { max: MAX_REMINDERS })
      // Requests the integrator delivers itself are never emailed, so never reminded.
      .andWhere(`request.delivery = 'email'`)
      // The expression of the index attestation_requests_awaiting_reminder.
      .andWhere('coalesce(request.last_reminded_at, request.sent_at) <= :before', {
        before: input.remindedOrSentBefore,
      })
      .andWhere('(request.expires_at IS NULL OR request.expires_at > :now)', { now: input.now })
      .andWhere('EXISTS (SELECT 1 FROM people p WHERE p.id = request.person_id AND p.archived_at IS NULL)')
      .andWhere('EXISTS (SELECT 1 FROM documents d WHERE d.id = request.document_id AND d.archived_at IS NULL)')
      .orderBy('request.personId')
      .limit(input.limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
    return records.map(attestationRequestMapper.toDomain);
  }

  async findDueRenewalsAcrossOrganizations(input: { now: Date; limit: number }): Promise<AttestationRequest[]> {
    const records = await activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where(`request.status = 'attested'`)
      .andWhere(
        `EXISTS (SELECT 1 FROM documents d
                  WHERE d.id = request.document_id AND d.auto_renew AND d.renewal_interval_days IS NOT NULL
                    AND d.archived_at IS NULL AND d.requires_signature AND d.latest_revision_id IS NOT NULL
                    AND request.attested_at + make_interval(days => d.renewal_interval_days) < :now)`,
        { now: input.now },
      )
      .andWhere('EXISTS (SELECT 1 FROM people p WHERE p.id = request.person_id AND p.archived_at IS NULL)')
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM attestation_requests later
                      WHERE later.document_id = request.document_id AND later.person_id = request.person_id
                        AND (later.created_at, later.id) > (request.created_at, request.id))`,
      )
      .orderBy('request.personId')
      .addOrderBy('request.documentId')
      .limit(input.limit)
      .getMany();
    return records.map(attestationRequestMapper.toDomain);
  }

  async findLatest(organizationId: string, documentId: string, personId: string): Promise<AttestationRequest | null> {
    const record = await activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.document_id = :documentId AND request.person_id = :personId', { documentId, personId })
      .andWhere('request.organization_id = :organizationId', { organizationId })
      .orderBy('request.createdAt', 'DESC')
      .addOrderBy('request.id', 'DESC')
      .limit(1)
      .getOne();
    return record ? attestationRequestMapper.toDomain(record) : null;
  }
}
