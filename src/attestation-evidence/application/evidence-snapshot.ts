/**
 * Runs reads against one consistent snapshot of the database, so a request signed while its evidence is being
 * read shows either before (no signature) or after (signed, with its audit entry), never half of each.
 */
export abstract class EvidenceSnapshot {
  abstract read<T>(work: () => Promise<T>): Promise<T>;
}
