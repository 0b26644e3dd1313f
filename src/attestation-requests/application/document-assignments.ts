/** Which documents a person is expected to attest: assigned through a group or through a request. */
export abstract class DocumentAssignments {
  /** Assigns the document unless it already is; never fails on an existing assignment. */
  abstract assign(input: { organizationId: string; documentId: string; personId: string; now: Date }): Promise<void>;
}
