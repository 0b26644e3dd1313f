import { newId, ValidationFailedError } from '@lib/common';
import type { DocumentRevision } from './document-revision';

export const ATTESTATION_TYPES = ['acknowledgment', 'signature'] as const;
export type AttestationType = (typeof ATTESTATION_TYPES)[number];

export const DOCUMENT_NAME_MAX_LENGTH = 255;

/** A document people are asked to attest. Its latest revision is the newest published one. */
export class Document {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly name: string,
    readonly defaultAttestationType: AttestationType,
    readonly requiresSignature: boolean,
    readonly renewalIntervalDays: number | null,
    readonly autoRenew: boolean,
    public latestRevisionId: string | null,
    public archivedAt: Date | null,
    readonly createdAt: Date,
    public updatedAt: Date,
  ) {}

  static create(input: {
    organizationId: string;
    name: string;
    requiresSignature?: boolean;
    renewalIntervalDays?: number | null;
    autoRenew?: boolean;
    attestationType?: AttestationType;
    now: Date;
  }): Document {
    const name = input.name.trim();
    if (name === '') throw ValidationFailedError.single('name', 'The name field is required.');
    if ([...name].length > DOCUMENT_NAME_MAX_LENGTH) {
      throw ValidationFailedError.single('name', 'The name field must not be greater than 255 characters.');
    }
    const interval = input.renewalIntervalDays ?? null;
    if (interval !== null && (!Number.isSafeInteger(interval) || interval < 1)) {
      throw ValidationFailedError.single(
        'renewal_interval_days',
        'The renewal interval days field must be at least 1.',
      );
    }
    const type = input.attestationType ?? 'signature';
    if (!ATTESTATION_TYPES.includes(type)) {
      throw ValidationFailedError.single('attestation_type', 'The selected attestation type is invalid.');
    }
    return new Document(
      newId(),
      input.organizationId,
      name,
      type,
      input.requiresSignature ?? true,
      interval,
      input.autoRenew ?? false,
      null,
      null,
      input.now,
      input.now,
    );
  }

  get hasPublishedRevision(): boolean {
    return this.latestRevisionId !== null;
  }

  get isArchived(): boolean {
    return this.archivedAt !== null;
  }

  /** The newly published revision becomes the latest. */
  adoptLatestRevision(revision: DocumentRevision, now: Date): void {
    this.latestRevisionId = revision.id;
    this.updatedAt = now;
  }

  /** Archiving twice keeps the first date. */
  archive(now: Date): void {
    if (this.archivedAt !== null) return;
    this.archivedAt = now;
    this.updatedAt = now;
  }
}
