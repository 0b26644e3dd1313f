import type { AttestationCounts } from '../../documents/domain/attestation-counts';

/** A maintained value that differs from its recount. */
export type CounterDiscrepancy =
  | { kind: 'list_total'; organizationId: string; list: string; maintained: number; recounted: number }
  | { kind: 'group_member_total'; organizationId: string; groupId: string; maintained: number; recounted: number }
  | {
      kind: 'attestation_counts';
      organizationId: string;
      documentId: string;
      maintained: AttestationCounts;
      recounted: AttestationCounts;
    }
  /** A stored count of a filtered people list (its filter as the key holds it: the patterns) at the current version. */
  | { kind: 'people_filter_count'; organizationId: string; filter: unknown; maintained: number; recounted: number }
  /** A page mark of the current version whose row is not at its position (null: not in that list at all). */
  | {
      kind: 'people_page_mark';
      organizationId: string;
      archived: boolean;
      id: string;
      maintained: number;
      recounted: number | null;
    }
  | { kind: 'request_page_mark'; organizationId: string; id: string; maintained: number; recounted: number | null };

export interface CounterCheck {
  /** How many list totals, groups' member totals and documents were compared. */
  listTotals: number;
  groupMemberTotals: number;
  documents: number;
  /** How many stored people filter counts and page marks (people and requests) of the current versions were compared. */
  peopleCounts: number;
  pageMarks: number;
  discrepancies: CounterDiscrepancy[];
}

export interface SettleOutcome {
  fellDue: number;
  folded: number;
  /** Stored people filter counts and page marks (people and requests) of older versions dropped. */
  pruned: number;
}

/**
 * The totals and attestation counts the lists read instead of counting (kept by triggers in the writers'
 * transactions), and what operators and the worker do with them.
 */
export abstract class ListCounters {
  /** Compares every maintained value with a from-scratch recount, in one snapshot; null: every organization. */
  abstract check(organizationId: string | null, now: Date): Promise<CounterCheck>;
  /** Recounts from the source rows and replaces what differs (blocking writes meanwhile); answers rows fixed. */
  abstract repair(organizationId: string | null, now: Date): Promise<number>;
  /**
   * Moves the attestations that fell due by `now` to their renewal buckets and folds each document's delta rows
   * into one, so reads stay a handful of rows; drops the people lists' stored counts and page marks of older people
   * versions (no read can use them again). Safe to run concurrently and at any time; changes no count.
   */
  abstract settle(now: Date): Promise<SettleOutcome>;
}
