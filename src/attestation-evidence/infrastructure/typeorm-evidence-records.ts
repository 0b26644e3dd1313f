import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EvidenceRecords, RecordsOfRequest } from '../application/evidence-records';

interface Row {
  organization_name: string;
  locale: string;
  document_id: string;
  document_name: string;
  revision_id: string;
  published_at: Date | null;
  revision_sha256: string;
  typed_name: string | null;
  name_matches_recipient: boolean | null;
  attested_at: Date | null;
  ip_address: string | null;
  user_agent: string | null;
  signed_sha256: string | null;
}

/** One statement over the organization, document, revision, person and audit tables, each held to the request's organization. */
@Injectable()
export class TypeormEvidenceRecords extends EvidenceRecords {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async find(request: {
    id: string;
    organizationId: string;
    documentId: string;
    documentRevisionId: string;
    personId: string;
  }): Promise<RecordsOfRequest> {
    const rows: Row[] = await activeManager(this.db).query(
      `SELECT o.name AS organization_name, coalesce(p.locale, o.default_locale) AS locale, d.id AS document_id, d.name AS document_name,
              r.id AS revision_id, r.published_at, r.content_sha256 AS revision_sha256,
              a.typed_name, a.name_matches_recipient, a.attested_at, a.ip_address, a.user_agent,
              a.content_sha256 AS signed_sha256
         FROM document_revisions r
         JOIN documents d ON d.id = r.document_id AND d.organization_id = r.organization_id
         JOIN organizations o ON o.id = r.organization_id
         LEFT JOIN attestations a ON a.attestation_request_id = $4 AND a.organization_id = r.organization_id
         LEFT JOIN people p ON p.id = $5 AND p.organization_id = r.organization_id
        WHERE r.id = $1 AND r.document_id = $2 AND r.organization_id = $3`,
      [request.documentRevisionId, request.documentId, request.organizationId, request.id, request.personId],
    );
    const [row] = rows;
    // The foreign keys make a request without its revision impossible.
    if (!row) throw new Error(`revision ${request.documentRevisionId} of request ${request.id} is missing`);
    return {
      organizationName: row.organization_name,
      locale: row.locale,
      document: { id: row.document_id, name: row.document_name },
      revision: { id: row.revision_id, publishedAt: row.published_at, contentSha256: row.revision_sha256.trim() },
      signature:
        row.attested_at === null
          ? null
          : {
              typedName: row.typed_name ?? '',
              nameMatchesRecipient: row.name_matches_recipient === true,
              attestedAt: row.attested_at,
              ipAddress: row.ip_address,
              userAgent: row.user_agent,
              contentSha256: (row.signed_sha256 ?? '').trim(),
            },
    };
  }
}
