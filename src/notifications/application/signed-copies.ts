/** What the signer's copy of a signature carries. */
export interface SignedCopy {
  organizationName: string;
  /** The signer's language (their `locale`, else the organization's default). */
  locale: string;
  documentName: string;
  recipientName: string;
  recipientEmail: string;
  typedName: string;
  attestedAt: Date;
  contentSha256: string;
  /** The certificate of completion (PDF), drawn for this email. */
  certificate: { filename: string; pdf: Uint8Array };
}

/**
 * What delivering a confirmation needs: the attested request's copy, certificate drawn. The evidence module
 * implements it; the worker delivers for every organization, hence the organization given with the request.
 */
export abstract class SignedCopies {
  /** Null when the request is not (or no longer) attested: nothing to confirm. */
  abstract forDelivery(organizationId: string, requestId: string): Promise<SignedCopy | null>;
}
