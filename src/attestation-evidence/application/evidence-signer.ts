/** A public key of the set evidence is verified with, as a JSON Web Key (RFC 7517), with its `kid`. */
export type PublishedKey = Record<string, unknown> & { kid: string };

/**
 * Signs evidence records as compact JWS with the installation's newest signing key, and publishes every key ever
 * used, so a record signed before a rotation still verifies. The keys are the installation's, not an
 * organization's: one key set for every tenant.
 */
export abstract class EvidenceSigner {
  /** The payload as UTF-8 JSON, signed: `header.payload.signature`. Makes the first key if there is none. */
  abstract sign(payload: object): Promise<string>;
  /** Every key, newest first. */
  abstract publishedKeys(): Promise<PublishedKey[]>;
  /** Makes a new key that signs from now on; the older ones stay published. */
  abstract rotate(now: Date): Promise<{ kid: string; createdAt: Date }>;
}
