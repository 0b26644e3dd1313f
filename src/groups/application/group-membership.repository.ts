import type { Group } from '../domain/group';
import type { GroupReference } from './group.repository';

/** What joining needs to know about a group. */
export interface MembershipGroup {
  id: string;
  organizationId: string;
  autoIssueRequests: boolean;
}

/** What joins a group: people or documents. */
export type JoiningSide = 'people' | 'documents';

/** A person and a document the work of `withStandingsOnce` issued a request for. */
export interface RequestedPair {
  personId: string;
  documentId: string;
}

/**
 * Group memberships and what joining implies. Set-based: one statement per step whatever the number of people,
 * and safe under concurrent calls (existing rows are skipped, never duplicated).
 */
export abstract class GroupMembershipRepository {
  /**
   * Inside a transaction: the group, locked until the transaction ends; null when it is gone (or, named with an
   * organization, is another organization's). People adds take it
   * shared (they run side by side), document adds exclusively, so each sees the other's committed rows: a person
   * joining while a document is added gets the document either way. A deleted group is seen as gone.
   */
  abstract lockGroup(reference: GroupReference, purpose: `adding-${JoiningSide}`): Promise<Group | null>;
  /**
   * The ids among `ids` of the organization's active (not archived) people or documents. Inside a transaction the
   * rows are share-locked, so nobody archives them before the transaction ends.
   */
  abstract findActive(side: JoiningSide, organizationId: string, ids: readonly string[]): Promise<Set<string>>;
  /** Puts those not yet in the group in it; answers exactly those (a concurrent call gets the others). */
  abstract addMissing(side: JoiningSide, group: MembershipGroup, ids: readonly string[], now: Date): Promise<string[]>;
  /**
   * Assigns what joining brings: the group's documents to the people who joined, or the documents that joined to
   * every current member. Existing assignments stay as they are.
   */
  abstract assign(side: JoiningSide, group: MembershipGroup, ids: readonly string[], now: Date): Promise<void>;
  /**
   * The ids of the group's other side: its documents when people join, its members (archived or not) when
   * documents join. The request issuer picks among them what each pair still needs.
   */
  abstract findOtherSide(side: JoiningSide, group: MembershipGroup): Promise<string[]>;
  /**
   * Inside a transaction: runs `work`, whose new assignments and requests must all be of pairs of `personIds` ×
   * `documentIds`, with their attestation standings left aside, then computes the standing of every such pair once
   * (one write per pair, instead of one for the assignment and another for the request). `work` answers the pairs
   * it issued a request for (open, of the latest revision, and issued only where the person had neither an open
   * request nor an attestation of it): their standing is known without reading their requests. An error in `work`
   * must roll the transaction back.
   */
  abstract withStandingsOnce(
    personIds: readonly string[],
    documentIds: readonly string[],
    work: () => Promise<readonly RequestedPair[]>,
  ): Promise<void>;
  /**
   * Takes the person or document out of the group, and only that: assignments and requests stay. False when it was
   * not in it (or the group is not the organization's).
   */
  abstract remove(side: JoiningSide, group: GroupReference, id: string): Promise<boolean>;
}
