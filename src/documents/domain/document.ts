import {
  applyChanges,
  archiveState,
  Entity,
  newId,
  requiredText,
  unarchiveState,
  ValidationFailedError,
} from '@lib/core';
import type { DocumentRevision } from './document-revision';

export const ATTESTATION_TYPES = ['acknowledgment', 'signature'] as const;
export type AttestationType = (typeof ATTESTATION_TYPES)[number];

export const DOCUMENT_NAME_MAX_LENGTH = 255;
/** Ten years: a longer interval is a typo rather than a policy. */
export const RENEWAL_INTERVAL_MAX_DAYS = 3650;

/** What `Document.update` may change; `undefined` leaves a setting as it is. */
export interface DocumentChanges {
  name?: string;
  requiresSignature?: boolean;
  renewalIntervalDays?: number | null;
  autoRenew?: boolean;
}

export interface DocumentProps {
  id: string;
  organizationId: string;
  name: string;
  defaultAttestationType: AttestationType;
  requiresSignature: boolean;
  renewalIntervalDays: number | null;
  autoRenew: boolean;
  latestRevisionId: string | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a new document is made from; the rest takes its default. */
export interface NewDocument {
  organizationId: string;
  name: string;
  requiresSignature?: boolean;
  renewalIntervalDays?: number | null;
  autoRenew?: boolean;
  attestationType?: AttestationType;
}

/** A document people are asked to attest. Its latest revision is the newest published one. */
export class Document extends Entity.exposing<DocumentProps>()(
  'id',
  'organizationId',
  'name',
  'defaultAttestationType',
  'requiresSignature',
  'renewalIntervalDays',
  'autoRenew',
  'latestRevisionId',
  'archivedAt',
  'createdAt',
  'updatedAt',
) {
  static create(input: NewDocument & { now: Date }): Document {
    const name = requiredText('name', input.name, DOCUMENT_NAME_MAX_LENGTH);
    const interval = checkedRenewalInterval(input.renewalIntervalDays ?? null);
    const type = input.attestationType ?? 'signature';
    if (!ATTESTATION_TYPES.includes(type)) {
      throw ValidationFailedError.single('attestation_type', 'The selected attestation type is invalid.');
    }
    return new Document({
      id: newId(),
      organizationId: input.organizationId,
      name,
      defaultAttestationType: type,
      requiresSignature: input.requiresSignature ?? true,
      renewalIntervalDays: interval,
      autoRenew: input.autoRenew ?? false,
      latestRevisionId: null,
      archivedAt: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  get hasPublishedRevision(): boolean {
    return this.latestRevisionId !== null;
  }

  get isArchived(): boolean {
    return this.archivedAt !== null;
  }

  /** The newly published revision becomes the latest. */
  adoptLatestRevision(revision: DocumentRevision, now: Date): void {
    this.props.latestRevisionId = revision.id;
    this.props.updatedAt = now;
  }

  /** Archiving twice keeps the first date. */
  archive(now: Date): void {
    archiveState(this.props, now);
  }

  /** Back in the default list; restoring an active document changes nothing. */
  restore(now: Date): void {
    unarchiveState(this.props, now);
  }

  /**
   * Changes the given settings with the rules of `create`. Answers whether anything changed: `updatedAt` moves
   * only then. Requests already issued and attestations stay as they are.
   */
  update(changes: DocumentChanges, now: Date): boolean {
    const next = {
      name: changes.name === undefined ? this.name : requiredText('name', changes.name, DOCUMENT_NAME_MAX_LENGTH),
      requiresSignature: changes.requiresSignature ?? this.requiresSignature,
      renewalIntervalDays:
        changes.renewalIntervalDays === undefined
          ? this.renewalIntervalDays
          : checkedRenewalInterval(changes.renewalIntervalDays),
      autoRenew: changes.autoRenew ?? this.autoRenew,
    };
    return applyChanges(this.props, next, now);
  }
}

function checkedRenewalInterval(interval: number | null): number | null {
  if (interval === null) return null;
  if (!Number.isSafeInteger(interval) || interval < 1) {
    throw ValidationFailedError.single('renewal_interval_days', 'The renewal interval days field must be at least 1.');
  }
  if (interval > RENEWAL_INTERVAL_MAX_DAYS) {
    throw ValidationFailedError.single(
      'renewal_interval_days',
      `The renewal interval days field must not be greater than ${RENEWAL_INTERVAL_MAX_DAYS}.`,
    );
  }
  return interval;
}
