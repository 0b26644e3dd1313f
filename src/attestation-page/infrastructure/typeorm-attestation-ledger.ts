import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AttestationLedger } from '../application/attestation-ledger';
import type { Attestation } from '../domain/attestation';

@Injectable()
export class TypeormAttestationLedger extends AttestationLedger {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async add(attestation: Attestation): Promise<void> {
    await activeManager(this.db).query(
      `INSERT INTO attestations (id, organization_id, attestation_request_id, document_revision_id, typed_name,
                                 name_matches_recipient, content_sha256, ip_address, user_agent, attested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        attestation.id,
        attestation.organizationId,
        attestation.attestationRequestId,
        attestation.documentRevisionId,
        attestation.typedName,
        attestation.nameMatchesRecipient,
        attestation.contentSha256,
        attestation.ipAddress,
        attestation.userAgent,
        attestation.attestedAt,
      ],
    );
  }
}
