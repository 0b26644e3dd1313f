import type { GroupReference } from './group.repository';

/** What joining needs to know about a group. */
export interface MembershipGroup {
  id: string;
  organizationId: string;
  autoIssueRequests: boolean;
}

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
  abstract lockGroup(
    reference: GroupReference,
    purpose: 'adding-people' | 'adding-documents',
  ): Promise<MembershipGroup | null>;
  /**
   * The ids among `personIds` of the organization's active (not archived) people. Inside a transaction the rows
   * are share-locked, so nobody archives them before the transaction ends.
   */
  abstract findActivePeople(organizationId: string, personIds: readonly string[]): Promise<Set<string>>;
  /** Adds the people who are not members yet; answers exactly those (a concurrent call gets the others). */
  abstract addMissingMembers(group: MembershipGroup, personIds: readonly string[], now: Date): Promise<string[]>;
  /** Assigns every document of the group to the people; existing assignments stay as they are. */
  abstract assignGroupDocuments(group: MembershipGroup, personIds: readonly string[], now: Date): Promise<void>;
  /** The ids of the group's documents (the request issuer picks those each person still has to sign). */
  abstract findGroupDocumentIds(group: MembershipGroup): Promise<string[]>;
  /**
   * The ids among `documentIds` of the organization's active (not archived) documents, share-locked inside a
   * transaction so nobody archives them before it ends.
   */
  abstract findActiveDocuments(organizationId: string, documentIds: readonly string[]): Promise<Set<string>>;
  /** Puts the documents not yet in the group in it; answers exactly those (a concurrent call gets the others). */
  abstract addMissingDocuments(group: MembershipGroup, documentIds: readonly string[], now: Date): Promise<string[]>;
  /** Assigns the documents to every current member; existing assignments stay as they are. */
  abstract assignToMembers(group: MembershipGroup, documentIds: readonly string[], now: Date): Promise<void>;
  /** The ids of the group's members, archived or not (the request issuer picks the active ones). */
  abstract findMemberIds(group: MembershipGroup): Promise<string[]>;
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
  /** Removes the membership only; answers false when the person was not a member (of the organization's group). */
  abstract removeMember(group: GroupReference, personId: string): Promise<boolean>;
}
