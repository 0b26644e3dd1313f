import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@lib/http';
import { TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { activeManager, readRows, readsNamed } from '../../database/typeorm-unit-of-work';
import { ApiTokenRepository, TokenCredential } from '../application/api-token.repository';
import type { ApiToken } from '../domain/api-token';
import { BillingStatus, Organization } from '../domain/organization';
import { Role } from '../domain/role';
import { User } from '../domain/user';
import { ApiTokenRecord } from './api-token.record';
import { apiTokenMapper } from './identity.mapper';

/** The token, its membership (the live role), organization and user, by the token's SHA-256. */
export const CREDENTIAL_BY_HASH_SQL = `SELECT t.id AS token_id, t.organization_id AS token_organization_id, t.user_id AS token_user_id,
              t.created_by_user_id, t.name AS token_name, t.token_hash, t.scopes, t.created_at AS token_created_at,
              t.last_used_at, t.expires_at, t.revoked_at, m.role,
              o.name AS organization_name, o.billing_status, o.trial_ends_at,
              o.created_at AS organization_created_at, o.updated_at AS organization_updated_at, o.default_locale,
              u.name AS user_name, u.email AS user_email, u.created_at AS user_created_at, u.updated_at AS user_updated_at
         FROM api_tokens t
         JOIN organization_memberships m ON m.organization_id = t.organization_id AND m.user_id = t.user_id
         JOIN organizations o ON o.id = t.organization_id
         JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1`;

/**
 * The same, as a call of the function that runs that join (migration CredentialLookupFunction): PL/pgSQL plans the
 * join once per server connection, so unnamed statements (behind a transaction-mode pooler) plan only the call.
 * Named, the join itself costs less (docs/pooler.md).
 */
export const CREDENTIAL_BY_HASH_CALL_SQL = `SELECT * FROM api_credential_by_hash($1)`;

/** A token's last use, written at most once a minute. $1 token id, $2 now. */
export const STAMP_USAGE_SQL = `UPDATE api_tokens SET last_used_at = $2
        WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - interval '1 minute')`;

interface CredentialRow {
  token_id: string;
  token_organization_id: string;
  token_user_id: string;
  created_by_user_id: string | null;
  token_name: string;
  token_hash: string;
  scopes: string[];
  token_created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  role: string;
  organization_name: string;
  billing_status: string;
  trial_ends_at: Date | null;
  organization_created_at: Date;
  organization_updated_at: Date;
  default_locale: string;
  user_name: string;
  user_email: string;
  user_created_at: Date;
  user_updated_at: Date;
}

@Injectable()
export class TypeormApiTokenRepository
  extends TypeormRecordRepository(ApiTokenRecord, apiTokenMapper)
  implements ApiTokenRepository
{
  /** One indexed query per request: token, its membership (the live role), organization and user. */
  async findCredentialByHash(tokenHash: string): Promise<TokenCredential | null> {
    const text = readsNamed(this.db) ? CREDENTIAL_BY_HASH_SQL : CREDENTIAL_BY_HASH_CALL_SQL;
    const rows: CredentialRow[] = await readRows<CredentialRow>(this.db, text, [tokenHash]);
    const row = rows[0];
    if (!row) return null;
    const token = apiTokenMapper.toDomain(
      Object.assign(new ApiTokenRecord(), {
        id: row.token_id,
        organizationId: row.token_organization_id,
        userId: row.token_user_id,
        createdByUserId: row.created_by_user_id,
        name: row.token_name,
        tokenHash: row.token_hash,
        scopes: row.scopes,
        createdAt: row.token_created_at,
        lastUsedAt: row.last_used_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      }),
    );
    return {
      token,
      principal: {
        tokenId: row.token_id,
        role: row.role as Role,
        organization: new Organization(
          row.token_organization_id,
          row.organization_name,
          row.billing_status as BillingStatus,
          row.trial_ends_at,
          row.organization_created_at,
          row.organization_updated_at,
          row.default_locale,
        ),
        user: new User(row.token_user_id, row.user_name, row.user_email, row.user_created_at, row.user_updated_at),
      },
    };
  }

  async stampUsage(tokenId: string, at: Date): Promise<void> {
    await readRows(this.db, STAMP_USAGE_SQL, [tokenId, at]);
  }

  async listByOrganization(organizationId: string): Promise<ApiToken[]> {
    const records = await activeManager(this.db)
      .getRepository(ApiTokenRecord)
      .find({ where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return records.map(apiTokenMapper.toDomain);
  }

  async pageByOrganization(organizationId: string, page: PageRequest): Promise<Page<ApiToken>> {
    const [records, total] = await activeManager(this.db)
      .getRepository(ApiTokenRecord)
      .findAndCount({
        where: { organizationId },
        order: { createdAt: 'DESC', id: 'DESC' },
        skip: page.offset,
        take: page.perPage,
      });
    return { items: records.map(apiTokenMapper.toDomain), total };
  }

  async findInOrganization(organizationId: string, id: string): Promise<ApiToken | null> {
    const record = await activeManager(this.db).getRepository(ApiTokenRecord).findOneBy({ organizationId, id });
    return record ? apiTokenMapper.toDomain(record) : null;
  }
}
