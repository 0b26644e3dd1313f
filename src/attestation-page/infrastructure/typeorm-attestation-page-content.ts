import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AttestationPageContent, PageContent } from '../application/attestation-page-content';

/** One read of the organization, document, revision and person tables, every join held to the request's organization. */
@Injectable()
export class TypeormAttestationPageContent extends AttestationPageContent {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async find(request: {
    organizationId: string;
    documentId: string;
    documentRevisionId: string;
    personId: string;
  }): Promise<PageContent> {
    const rows: {
      organization_name: string;
      document_name: string;
      content: string;
      content_type: string;
      content_sha256: string;
      locale: string;
    }[] = await activeManager(this.db).query(
      `SELECT o.name AS organization_name, d.name AS document_name, r.content, r.content_type, r.content_sha256,
              coalesce(p.locale, o.default_locale) AS locale
         FROM document_revisions r
         JOIN documents d ON d.id = r.document_id AND d.organization_id = r.organization_id
         JOIN organizations o ON o.id = r.organization_id
         LEFT JOIN people p ON p.id = $4 AND p.organization_id = r.organization_id
        WHERE r.id = $1 AND r.document_id = $2 AND r.organization_id = $3`,
      [request.documentRevisionId, request.documentId, request.organizationId, request.personId],
    );
    const [row] = rows;
    // The foreign keys make a request without its revision impossible.
    if (!row) throw new Error(`revision ${request.documentRevisionId} of a request is missing`);
    return {
      organizationName: row.organization_name,
      documentName: row.document_name,
      revision: {
        content: row.content,
        contentType: row.content_type === 'text/plain' ? 'text/plain' : 'text/markdown',
        contentSha256: row.content_sha256,
      },
      locale: row.locale,
    };
  }
}
