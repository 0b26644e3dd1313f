import type { Notification } from '../../src/notifications/domain/notification';
import { NotificationOutbox } from '../../src/notifications/application/notification-outbox';
import { AfterCommit, UnitOfWork } from '../../src/database/unit-of-work';
import type { AttestationRequest } from '../../src/attestation-requests/domain/attestation-request';
import { statusesMovableTo } from '../../src/attestation-requests/domain/attestation-request-status';
import { MAX_REMINDERS, REMINDABLE_STATUSES } from '../../src/attestation-requests/domain/reminder-schedule';
import { AttestationRequestRepository } from '../../src/attestation-requests/application/attestation-request.repository';
import { DocumentAssignments } from '../../src/attestation-requests/application/document-assignments';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { RequestIssuer } from '../../src/attestation-requests/application/request-issuer';
import type { AppConfig } from '../../src/config/app-config';
import type { Clock } from '@lib/core';
import { AnnounceRequests } from '../../src/notifications/application/announce-requests';
import { NotificationQueue } from '../../src/notifications/application/notification-queue';
import { RelayNotifications } from '../../src/notifications/application/relay-notifications.use-case';
import { RequestTargets } from '../../src/attestation-requests/application/request-targets';
import { RequestedDocument, RequestRecipient } from '../../src/attestation-requests/domain/request-targets';

/** In-memory stand-ins for the ports, for unit tests of the use-cases. */
export class ImmediateUnitOfWork extends UnitOfWork {
  /** Hooks registered inside `run`, run once the outermost `run` resolves (there is nothing to roll back). */
  private pending: AfterCommit[] | null = null;

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.pending) return work();
    this.pending = [];
    try {
      const result = await work();
      for (const hook of this.pending) await hook();
      return result;
    } finally {
      this.pending = null;
    }
  }

  async afterCommit(fn: AfterCommit): Promise<void> {
    if (this.pending) this.pending.push(fn);
    else await fn();
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class InMemoryAttestationRequests extends AttestationRequestRepository {
  readonly rows = new Map<string, AttestationRequest>();
  /** Documents that renew themselves (auto_renew), with their renewal_interval_days. */
  readonly autoRenewing = new Map<string, number>();

  async findInOrganization(organizationId: string, id: string) {
    const request = this.rows.get(id);
    return request?.organizationId === organizationId ? request : null;
  }
  async lockInOrganization(organizationId: string, id: string) {
    return this.findInOrganization(organizationId, id);
  }
  async findAcrossOrganizations(id: string) {
    return this.rows.get(id) ?? null;
  }
  async lockAcrossOrganizations(id: string) {
    return this.findAcrossOrganizations(id);
  }
  async findForDelivery(ids: readonly string[]) {
    return ids.flatMap((id) => (this.rows.has(id) ? [this.rows.get(id)!] : []));
  }
  async lockForDelivery(ids: readonly string[]) {
    return this.findForDelivery(ids);
  }
  async lockOpenRequest(organizationId: string, documentId: string, personId: string) {
    return (
      [...this.rows.values()].find(
        (r) =>
          r.organizationId === organizationId && r.documentId === documentId && r.personId === personId && r.isOpen,
      ) ?? null
    );
  }
  async add(request: AttestationRequest) {
    this.rows.set(request.id, request);
  }
  async addUnlessOpen(requests: readonly AttestationRequest[]) {
    const added: AttestationRequest[] = [];
    for (const request of requests) {
      if (await this.lockOpenRequest(request.organizationId, request.documentId, request.personId)) continue;
      this.rows.set(request.id, request);
      added.push(request);
    }
    return added;
  }
  async save(request: AttestationRequest) {
    this.rows.set(request.id, request);
  }
  async lockByAccessTokenHash(hash: string) {
    return [...this.rows.values()].find((r) => r.accessTokenHash === hash) ?? null;
  }
  async lockOverdueAcrossOrganizations(input: { now: Date; limit: number }) {
    return [...this.rows.values()]
      .filter((r) => statusesMovableTo('expired').includes(r.status) && r.isPastExpiry(input.now))
      .slice(0, input.limit);
  }
  async lockDueForReminderAcrossOrganizations(input: { now: Date; remindedOrSentBefore: Date; limit: number }) {
    return [...this.rows.values()]
      .filter(
        (r) =>
          REMINDABLE_STATUSES.includes(r.status) &&
          r.reminderCount < MAX_REMINDERS &&
          (r.lastRemindedAt ?? r.sentAt)!.getTime() <= input.remindedOrSentBefore.getTime() &&
          !r.isPastExpiry(input.now),
      )
      .slice(0, input.limit);
  }
  async findDueRenewalsAcrossOrganizations(input: { now: Date; limit: number }) {
    return [...this.rows.values()]
      .filter((r) => {
        const days = this.autoRenewing.get(r.documentId);
        if (r.status !== 'attested' || days === undefined) return false;
        const due = r.attestedAt!.getTime() + days * DAY_MS < input.now.getTime();
        return due && [...this.rows.values()].every((other) => !this.isLater(other, r));
      })
      .slice(0, input.limit);
  }
  async findLatest(organizationId: string, documentId: string, personId: string) {
    const mine = [...this.rows.values()].filter(
      (r) => r.organizationId === organizationId && r.documentId === documentId && r.personId === personId,
    );
    return mine.find((r) => mine.every((other) => !this.isLater(other, r))) ?? null;
  }
  private isLater(other: AttestationRequest, than: AttestationRequest): boolean {
    if (other.documentId !== than.documentId || other.personId !== than.personId) return false;
    const [a, b] = [other.createdAt.getTime(), than.createdAt.getTime()];
    return a > b || (a === b && other.id > than.id);
  }
}

export class InMemoryRequestTargets extends RequestTargets {
  readonly people = new Map<string, RequestRecipient & { organizationId: string }>();
  readonly documents = new Map<
    string,
    {
      id: string;
      organizationId: string;
      name: string;
      requiresSignature: boolean;
      archived: boolean;
      latestRevisionId: string | null;
    }
  >();

  async findRecipient(organizationId: string, personId: string) {
    const person = this.people.get(personId);
    return person && person.organizationId === organizationId ? person : null;
  }
  async findDocument(organizationId: string, documentId: string) {
    const row = this.documents.get(documentId);
    if (!row || row.organizationId !== organizationId) return null;
    return new RequestedDocument(row.id, row.name, row.requiresSignature, row.archived, row.latestRevisionId);
  }
}

export class InMemoryDocumentAssignments extends DocumentAssignments {
  readonly assigned = new Set<string>();
  async assign(input: { documentId: string; personId: string }) {
    this.assigned.add(`${input.documentId}:${input.personId}`);
  }
}

export class InMemoryOutbox extends NotificationOutbox {
  readonly rows = new Map<string, Notification>();
  readonly relayed = new Set<string>();

  async addMany(notifications: readonly Notification[]) {
    for (const notification of notifications) this.rows.set(notification.id, notification);
  }
  async lockForDelivery(id: string) {
    return this.rows.get(id) ?? null;
  }
  async save(notification: Notification) {
    this.rows.set(notification.id, notification);
  }
  async findRelayable() {
    return [...this.rows.values()].filter((n) => n.isPending && !this.relayed.has(n.id)).map((n) => n.id);
  }
  async requestsAnnouncedSince(notification: Notification) {
    const newer = [...this.rows.values()].filter((n) => n.personId === notification.personId && n.id > notification.id);
    return new Set(
      notification.attestationRequestIds.filter((id) => newer.some((n) => n.attestationRequestIds.includes(id))),
    );
  }
  async markRelayed(ids: readonly string[]) {
    for (const id of ids) this.relayed.add(id);
  }
}

/** A queue that records what is relayed to it; no consumer runs, but relaying is allowed (as on Redis). */
export class RecordingQueue extends NotificationQueue {
  readonly added: string[] = [];
  get hasConsumer() {
    return true;
  }
  expectConsumer() {}
  async add(ids: readonly string[]) {
    this.added.push(...ids);
  }
  async process() {}
  async close() {}
}

/** The request issuer on in-memory ports; `queue.added` holds what was relayed after commit. */
export function inMemoryIssuer(ports: {
  unitOfWork: UnitOfWork;
  requests: AttestationRequestRepository;
  outbox: NotificationOutbox;
  config: AppConfig;
  clock: Clock;
}) {
  const queue = new RecordingQueue();
  const announce = new AnnounceRequests(
    ports.unitOfWork,
    ports.outbox,
    new RelayNotifications(ports.outbox, queue, ports.clock),
  );
  const issuer = new RequestIssuer(ports.requests, announce, new AttestationLinks(ports.config), ports.config);
  return { issuer, queue };
}
