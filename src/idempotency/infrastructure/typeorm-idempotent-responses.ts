import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { IdempotentResponses } from '../application/idempotent-responses';
import { IdempotentResponse, ResponseSnapshot, UNREADABLE_RESPONSE } from '../domain/idempotent-response';
import { IdempotencyKeyRecord } from './idempotency-key.record';
import { ResponseCipher } from './response-cipher';

@Injectable()
export class TypeormIdempotentResponses extends IdempotentResponses {
  private readonly logger = new Logger('IdempotentResponses');
  private cipherForAppKey: ResponseCipher | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private get cipher(): ResponseCipher {
    if (!this.config.appKey) throw new Error('APP_KEY is not set: Idempotency-Key answers cannot be stored');
    this.cipherForAppKey ??= new ResponseCipher(this.config.appKey);
    return this.cipherForAppKey;
  }

  /**
   * A transaction-scoped advisory lock on a 64-bit hash of organization and key: PostgreSQL decides, so every API
   * process sees the same answer, and the lock ends with the transaction however it ends. Two different keys
   * sharing a hash would only make one of them wait its turn with a 409 while the other runs.
   */
  async claim(organizationId: string, key: string): Promise<boolean> {
    const manager = activeManager(this.db);
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('an idempotency key is claimed inside a transaction');
    const [row]: { claimed: boolean }[] = await manager.query(
      `SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS claimed`,
      [`idempotency:${organizationId}:${key}`],
    );
    return row.claimed;
  }

  async find(organizationId: string, key: string): Promise<IdempotentResponse | null> {
    const record = await activeManager(this.db).findOneBy(IdempotencyKeyRecord, { organizationId, key });
    if (!record) return null;
    return IdempotentResponse.restore({
      organizationId: record.organizationId,
      key: record.key,
      fingerprint: record.fingerprint,
      response: this.opened(record),
      createdAt: record.createdAt,
      expiresAt: record.expiresAt,
    });
  }

  /**
   * The stored answer as it was sent, or UNREADABLE_RESPONSE when it was sealed under another APP_KEY (or altered):
   * the request then answers 422 rather than 500, and is not run again. Logged, since it means the key changed
   * within the last 24 hours or the row was tampered with.
   */
  private opened(record: IdempotencyKeyRecord): ResponseSnapshot | typeof UNREADABLE_RESPONSE {
    if (record.responseBody === null) return { status: record.responseStatus, body: null };
    const cipher = this.cipher;
    try {
      return {
        status: record.responseStatus,
        body: cipher.open(record.responseBody, context(record.organizationId, record.key)),
      };
    } catch (error) {
      this.logger.warn(
        `the stored answer of an Idempotency-Key of organization ${record.organizationId}, kept until ` +
          `${record.expiresAt.toISOString()}, cannot be decrypted (APP_KEY changed since it was stored?): ` +
          (error as Error).message,
      );
      return UNREADABLE_RESPONSE;
    }
  }

  async save(response: IdempotentResponse): Promise<void> {
    const stored = response.toSnapshot();
    if (stored.response === UNREADABLE_RESPONSE) throw new Error('an unreadable answer is never stored again');
    await activeManager(this.db).query(
      `INSERT INTO idempotency_keys
         (organization_id, key, fingerprint, response_status, response_body, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, response_status = EXCLUDED.response_status,
             response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at,
             expires_at = EXCLUDED.expires_at`,
      [
        stored.organizationId,
        stored.key,
        stored.fingerprint,
        stored.response.status,
        stored.response.body === null
          ? null
          : this.cipher.seal(stored.response.body, context(stored.organizationId, stored.key)),
        stored.createdAt,
        stored.expiresAt,
      ],
    );
  }

  /** SKIP LOCKED: a row a request is replacing right now is left for the next pass. */
  async removeExpired(now: Date, limit: number): Promise<number> {
    const [, removed]: [unknown[], number] = await activeManager(this.db).query(
      `DELETE FROM idempotency_keys
        WHERE (organization_id, key) IN (
          SELECT organization_id, key FROM idempotency_keys
           WHERE expires_at <= $1
           ORDER BY expires_at
           LIMIT $2
           FOR UPDATE SKIP LOCKED)`,
      [now, limit],
    );
    return removed;
  }
}

/** What a stored answer is bound to: it opens only for its own organization and key. */
function context(organizationId: string, key: string): string {
  return `${organizationId}\n${key}`;
}
