import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUlid } from '@lib/core';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { SigningLinks } from '../application/signing-links';
import { SigningLink } from '../domain/signing-link';

interface SigningLinkRow {
  id: string;
  organization_id: string;
  attestation_request_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = 'id, organization_id, attestation_request_id, token_hash, created_at, expires_at, used_at';

const linkOf = (row: SigningLinkRow): SigningLink =>
  SigningLink.restore({
    id: row.id,
    organizationId: row.organization_id,
    attestationRequestId: row.attestation_request_id,
    tokenHash: row.token_hash,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  });

@Injectable()
export class TypeormSigningLinks extends SigningLinks {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async add(link: SigningLink): Promise<void> {
    const l = link.toSnapshot();
    await activeManager(this.db).query(`INSERT INTO signing_links (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      l.id,
      l.organizationId,
      l.attestationRequestId,
      l.tokenHash,
      l.createdAt,
      l.expiresAt,
      l.usedAt,
    ]);
  }

  async lockByTokenHashAcrossOrganizations(tokenHash: string): Promise<SigningLink | null> {
    const rows: SigningLinkRow[] = await activeManager(this.db).query(
      `SELECT ${COLUMNS} FROM signing_links WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    return rows.length > 0 ? linkOf(rows[0]) : null;
  }

  async findAcrossOrganizations(id: string): Promise<SigningLink | null> {
    if (!isUlid(id)) return null;
    const rows: SigningLinkRow[] = await activeManager(this.db).query(
      `SELECT ${COLUMNS} FROM signing_links WHERE id = $1`,
      [id],
    );
    return rows.length > 0 ? linkOf(rows[0]) : null;
  }

  async save(link: SigningLink): Promise<void> {
    const l = link.toSnapshot();
    await activeManager(this.db).query(`UPDATE signing_links SET used_at = $2 WHERE id = $1`, [l.id, l.usedAt]);
  }
}
