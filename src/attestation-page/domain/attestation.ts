import { newId } from '@lib/core';
import { nameMatchesRecipient, RecipientName } from './name-match';

/** The longest name a recipient may type (the audit column holds 511). */
export const TYPED_NAME_MAX_LENGTH = 255;

/**
 * The audit entry of a typed-name signature: who typed what, when, from where, and a SHA-256 of the exact
 * revision text they were shown. A name that does not match the recipient's is accepted and flagged.
 */
export class Attestation {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly attestationRequestId: string,
    readonly documentRevisionId: string,
    readonly typedName: string,
    readonly nameMatchesRecipient: boolean,
    readonly contentSha256: string,
    readonly ipAddress: string | null,
    readonly userAgent: string | null,
    readonly attestedAt: Date,
  ) {}

  static record(input: {
    organizationId: string;
    attestationRequestId: string;
    documentRevisionId: string;
    recipient: RecipientName;
    typedName: string;
    contentSha256: string;
    ipAddress: string | null;
    userAgent: string | null;
    now: Date;
  }): Attestation {
    return new Attestation(
      newId(),
      input.organizationId,
      input.attestationRequestId,
      input.documentRevisionId,
      input.typedName,
      nameMatchesRecipient(input.typedName, input.recipient),
      input.contentSha256,
      input.ipAddress?.slice(0, 64) ?? null,
      input.userAgent?.slice(0, 1024) ?? null,
      input.now,
    );
  }
}

/**
 * The name as it is recorded: control characters dropped and runs of whitespace made one space, so what is
 * stored reads as what was typed.
 */
export function cleanTypedName(raw: string): string {
  return raw
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
