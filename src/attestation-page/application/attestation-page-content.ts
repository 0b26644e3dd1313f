import type { RecipientName } from '../domain/name-match';

/** The revision text a request asks the recipient to sign, exactly as published. */
export interface ShownRevision {
  content: string;
  contentType: 'text/markdown' | 'text/plain';
  contentSha256: string;
}

/** What the page shows beside the request itself. */
export interface PageContent {
  organizationName: string;
  documentName: string;
  revision: ShownRevision;
  /** The recipient's language: the person's `locale`, else the organization's `default_locale`. */
  locale: string;
  /** The recipient's first and last name, as the typed name is compared with them. */
  recipient: RecipientName;
  /** The origins that may frame the page (the organization's `signing_frame_origins`). */
  frameOrigins: readonly string[];
}

/** Reads the names and the revision text of a request, within the request's own organization. */
export abstract class AttestationPageContent {
  abstract find(request: {
    organizationId: string;
    documentId: string;
    documentRevisionId: string;
    personId: string;
    recipientName: string;
  }): Promise<PageContent>;
}
