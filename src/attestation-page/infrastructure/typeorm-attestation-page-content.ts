import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AttestationPageContent, PageContent } from '../application/attestation-page-content';
import type { RecipientName } from '../domain/name-match';

/**
 * The request keeps the name it was sent to; the person's first and last name split it, as long as they still
 * make that name (a person renamed since: the request's name is the whole last name, compared as it is).
 */
function recipientNameOf(sentTo: string, firstName: string | null, lastName: string | null): RecipientName {
  const current = firstName === null ? lastName : `${firstName} ${lastName}`;
  return lastName !== null && current === sentTo ? { firstName, lastName } : { firstName: null, lastName: sentTo };
}

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
    recipientName: string;
  }): Promise<PageContent> {
    const rows: {
      organization_name: string;
      document_name: string;
      content: string;
      content_type: string;
      content_sha256: string;
      locale: string;
      signing_frame_origins: string[];
      first_name: string | null;
      last_name: string | null;
    }[] = await activeManager(this.db).query(
      `SELECT o.name AS organization_name, d.name AS document_name, r.content, r.content_type, r.content_sha256,
              coalesce(p.locale, o.default_locale) AS locale, o.signing_frame_origins, p.first_name, p.last_name
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
      recipient: recipientNameOf(request.recipientName, row.first_name, row.last_name),
      frameOrigins: row.signing_frame_origins,
    };
  }
}
