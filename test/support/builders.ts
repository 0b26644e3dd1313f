import {
  AttestationRequest,
  AttestationRequestProps,
  IssueRequestInput,
} from '../../src/attestation-requests/domain/attestation-request';
import { Document, DocumentProps } from '../../src/documents/domain/document';
import { ApiToken, ApiTokenProps } from '../../src/identity/domain/api-token';
import { Notification, NotificationProps } from '../../src/notifications/domain/notification';
import { Person, PersonProps } from '../../src/people/domain/person';

/**
 * Entities for tests, built from their props: name only what the test is about, e.g.
 * `anAttestationRequest({ status: 'viewed' })`. Ids are fixed ULIDs so failures read the same every run.
 */
export const TEST_IDS = {
  organization: '01jd0000000000000000000002',
  document: '01jd0000000000000000000003',
  revision: '01jd0000000000000000000004',
  person: '01jd0000000000000000000005',
  request: '01jd0000000000000000000001',
  user: '01jd0000000000000000000006',
} as const;

export const TEST_NOW = new Date('2026-11-22T10:00:00.000Z');

/** A stored request, `sent` unless told otherwise; no transition rule is applied. */
export function anAttestationRequest(overrides: Partial<AttestationRequestProps> = {}): AttestationRequest {
  return AttestationRequest.restore({
    id: TEST_IDS.request,
    organizationId: TEST_IDS.organization,
    documentId: TEST_IDS.document,
    documentRevisionId: TEST_IDS.revision,
    personId: TEST_IDS.person,
    recipientName: 'Ada Lovelace',
    recipientEmail: 'ada@example.test',
    requestedAttestationType: 'signature',
    source: 'oauth',
    status: 'sent',
    recipientMessage: null,
    delivery: 'email',
    accessTokenHash: 'hash',
    sentAt: TEST_NOW,
    lastRemindedAt: null,
    reminderCount: 0,
    viewedAt: null,
    attestedAt: null,
    canceledAt: null,
    cancelReason: null,
    declineReason: null,
    expiresAt: null,
    expiredAt: null,
    requestedByUserId: null,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    ...overrides,
  });
}

/** A request as AttestationRequest.issue makes it (a fresh id, `sent`), for what issuing itself decides. */
export function anIssuedRequest(overrides: Partial<IssueRequestInput> = {}): AttestationRequest {
  return AttestationRequest.issue({
    organizationId: TEST_IDS.organization,
    documentId: TEST_IDS.document,
    documentRevisionId: TEST_IDS.revision,
    personId: TEST_IDS.person,
    recipientName: 'Ada Lovelace',
    recipientEmail: 'ada@example.test',
    source: 'oauth',
    accessTokenHashFor: () => 'hash',
    now: TEST_NOW,
    ...overrides,
  });
}

export function aNotification(overrides: Partial<NotificationProps> = {}): Notification {
  return Notification.restore({
    id: '01jd0000000000000000000007',
    organizationId: TEST_IDS.organization,
    personId: TEST_IDS.person,
    consoleLinkId: null,
    kind: 'request_sent',
    attestationRequestIds: [TEST_IDS.request],
    status: 'pending',
    attempts: 0,
    lastError: null,
    relayedAt: null,
    sentAt: null,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    ...overrides,
  });
}

/** A person as Person.create makes it (a fresh id, active), for what creating itself decides. */
export function aNewPerson(overrides: Partial<Parameters<typeof Person.create>[0]> = {}): Person {
  return Person.create({
    organizationId: TEST_IDS.organization,
    lastName: 'Lovelace',
    email: 'ada@example.test',
    source: 'oauth',
    now: TEST_NOW,
    ...overrides,
  });
}

export function aPerson(overrides: Partial<PersonProps> = {}): Person {
  return Person.restore({
    id: TEST_IDS.person,
    organizationId: TEST_IDS.organization,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    phone: null,
    source: 'oauth',
    sourceId: null,
    externalId: null,
    userName: null,
    locale: null,
    archivedAt: null,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    ...overrides,
  });
}

export function aDocument(overrides: Partial<DocumentProps> = {}): Document {
  return Document.restore({
    id: TEST_IDS.document,
    organizationId: TEST_IDS.organization,
    name: 'Code of conduct',
    defaultAttestationType: 'signature',
    requiresSignature: true,
    renewalIntervalDays: null,
    autoRenew: false,
    latestRevisionId: TEST_IDS.revision,
    archivedAt: null,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    ...overrides,
  });
}

export function anApiToken(overrides: Partial<ApiTokenProps> = {}): ApiToken {
  return ApiToken.restore({
    id: '01jd0000000000000000000008',
    organizationId: TEST_IDS.organization,
    userId: TEST_IDS.user,
    createdByUserId: TEST_IDS.user,
    name: 'API token',
    tokenHash: 'f'.repeat(64),
    scopes: ['api:use'],
    createdAt: TEST_NOW,
    lastUsedAt: null,
    expiresAt: null,
    revokedAt: null,
    ...overrides,
  });
}
