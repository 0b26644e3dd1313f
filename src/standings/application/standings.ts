import type { AttestationBucket, AttestationCounts } from '../../documents/domain/attestation-counts';

/** One document of the overview, with where its assignees (in the viewer's scope) stand. */
export interface DocumentOverview {
  documentId: string;
  name: string;
  counts: AttestationCounts;
  /** attested_latest ÷ total; null when nobody is assigned. */
  completionRate: number | null;
  /** Renewals due plus open requests past their expiry. */
  overdue: number;
  /** total − attested_latest: what is still to be signed. */
  outstanding: number;
}

export interface ComplianceOverview {
  documents: DocumentOverview[];
  totals: AttestationCounts & { overdue: number; outstanding: number; completionRate: number | null };
}

/** One assignee of a document: where they stand and since when. */
export interface PersonStanding {
  personId: string;
  name: string;
  email: string;
  /** The names of the person's groups (in the viewer's scope), by name. */
  groups: string[];
  bucket: AttestationBucket;
  requestedAt: Date | null;
  lastRemindedAt: Date | null;
  attestedAt: Date | null;
  /** The revision the person last attested. */
  revisionId: string | null;
}

export interface StandingsFilter {
  bucket?: AttestationBucket;
  groupId?: string;
  /** Part of the name or the email, ignoring case. */
  search?: string;
}

/** A bounded page read by key: `next` is the cursor of the following page, null on the last one. */
export interface KeysetPage<T> {
  items: T[];
  next: string | null;
}
