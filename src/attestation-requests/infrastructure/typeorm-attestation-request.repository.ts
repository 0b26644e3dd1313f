import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AttestationRequestRepository } from '../application/attestation-request.repository';
import type { AttestationRequest } from '../domain/attestation-request';
import { OPEN_STATUSES } from '../domain/attestation-request-status';
import { attestationRequestMapper } from './attestation-request.mapper';
import { AttestationRequestRecord } from './attestation-request.record';

/** The predicate of the partial unique index attestation_requests_one_open, as ON CONFLICT must repeat it. */
const OPEN_PREDICATE = `status IN (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** Column, SQL array type and value, for the one-statement insert of many requests. */
const COLUMNS: [string, string, (r: AttestationRequest) => unknown][] = [
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
  ['access_token_hash', 'varchar', (r) => r.accessTokenHash],
  ['sent_at', 'timestamptz', (r) => r.sentAt],
  ['expires_at', 'timestamptz', (r) => r.expiresAt],
  ['requested_by_user_id', 'varchar', (r) => r.requestedByUserId],
  ['created_at', 'timestamptz', (r) => r.createdAt],
  ['updated_at', 'timestamptz', (r) => r.updatedAt],
];

@Injectable()
export class TypeormAttestationRequestRepository extends AttestationRequestRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async findById(id: string): Promise<AttestationRequest | null> {
    const record = await activeManager(this.db).findOneBy(AttestationRequestRecord, { id });
    return record ? attestationRequestMapper.toDomain(record) : null;
  }

  async findByIds(ids: readonly string[]): Promise<AttestationRequest[]> {
    if (ids.length === 0) return [];
    const records = await activeManager(this.db).findBy(AttestationRequestRecord, { id: In([...ids]) });
    return records.map(attestationRequestMapper.toDomain);
  }

  async lockOpenRequest(documentId: string, personId: string): Promise<AttestationRequest | null> {
    const manager = activeManager(this.db);
    // Locks the (document, person) slot itself, not only an existing row: concurrent senders queue up here
    // instead of both finding nothing and colliding on the unique index.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`request:${documentId}:${personId}`]);
    const record = await manager
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.document_id = :documentId AND request.person_id = :personId', { documentId, personId })
      .andWhere('request.status IN (:...open)', { open: OPEN_STATUSES })
      .setLock('pessimistic_write')
      .getOne();
    return record ? attestationRequestMapper.toDomain(record) : null;
  }

  async add(request: AttestationRequest): Promise<void> {
    await activeManager(this.db).insert(AttestationRequestRecord, attestationRequestMapper.toRecord(request));
  }

  async addUnlessOpen(requests: readonly AttestationRequest[]): Promise<AttestationRequest[]> {
    if (requests.length === 0) return [];
    const columns = COLUMNS.map(([name]) => name).join(', ');
    const arrays = COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
    const rows: { id: string }[] = await activeManager(this.db).query(
      `INSERT INTO attestation_requests (${columns})
       SELECT * FROM unnest(${arrays})
       ON CONFLICT (document_id, person_id) WHERE ${OPEN_PREDICATE} DO NOTHING
       RETURNING id`,
      COLUMNS.map(([, , value]) => requests.map((r) => toSql(value(r)))),
    );
    const added = new Set(rows.map((row) => row.id));
    return requests.filter((r) => added.has(r.id));
  }

  async save(request: AttestationRequest): Promise<void> {
    const { id, ...changes } = attestationRequestMapper.toRecord(request);
    await activeManager(this.db).update(AttestationRequestRecord, { id }, changes);
  }
}

function toSql(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}
