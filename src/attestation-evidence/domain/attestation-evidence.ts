import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import { REQUEST_EVENT_TYPES, RequestEventType } from '../../events/domain/event-type';

/** The document a request is for, by the name it has now. */
export interface EvidenceDocument {
  id: string;
  name: string;
}

/** The published revision a request sent: its SHA-256 is the fingerprint the attestation page shows. */
export interface EvidenceRevision {
  id: string;
  publishedAt: Date | null;
  /** Lowercase hex SHA-256 of the revision's text as published, in UTF-8. */
  contentSha256: string;
}

/** The audit entry written when the recipient signed (the `attestations` table); never changed afterwards. */
export interface SignatureRecord {
  typedName: string;
  nameMatchesRecipient: boolean;
  attestedAt: Date;
  /** The client address as the service resolved it (`TRUST_PROXY`). */
  ipAddress: string | null;
  userAgent: string | null;
  /** The fingerprint of the text the signer was shown. */
  contentSha256: string;
}

/** One event of the request's event log (docs/api-guide.md#events): `data` is the request as the API showed it then. */
export interface EvidenceEvent {
  id: string;
  type: string;
  timestamp: string;
  data: object;
}

/** Everything an auditor files to prove who signed which text, when and from where. */
export interface AttestationEvidence {
  request: AttestationRequest;
  organizationName: string;
  /** The signer's language (their `locale`, else the organization's default): the certificate's. */
  locale: string;
  document: EvidenceDocument;
  revision: EvidenceRevision;
  /** Null until the request is signed. */
  signature: SignatureRecord | null;
  events: EvidenceEvent[];
  timeline: Timeline;
}

/**
 * What happened to the request, oldest first: from its event log, or, for a request created before the service
 * kept one (no `created` event), from its own timestamps.
 */
export interface Timeline {
  source: 'events' | 'timestamps';
  entries: TimelineEntry[];
}

const EVENT_PREFIX = 'attestation_request.';

/** What a timeline entry says happened: a request event's type without its prefix (`viewed`, `reminded`). */
export type TimelineKind = RequestEventType extends `${typeof EVENT_PREFIX}${infer Kind}` ? Kind : never;

const TIMELINE_KINDS = new Set<string>(REQUEST_EVENT_TYPES.map((type) => type.slice(EVENT_PREFIX.length)));

export interface TimelineEntry {
  at: Date;
  kind: TimelineKind;
}

export function timelineOf(request: AttestationRequest, events: readonly EvidenceEvent[]): Timeline {
  if (!events.some((event) => event.type === `${EVENT_PREFIX}created`)) {
    return { source: 'timestamps', entries: timelineFromRequest(request) };
  }
  const entries = events
    .map((event) => ({ kind: event.type.slice(EVENT_PREFIX.length), at: new Date(event.timestamp) }))
    .filter((entry): entry is TimelineEntry => TIMELINE_KINDS.has(entry.kind));
  return { source: 'events', entries };
}

/**
 * The timeline a request's own timestamps tell: creation, the latest sending, the first view, the latest
 * reminder, and the signature, cancellation or expiry. A re-sent request shows only its latest sending and a
 * request reminded twice its latest reminder; delivery problems leave no timestamp of their own.
 */
export function timelineFromRequest(request: AttestationRequest): TimelineEntry[] {
  const moments: [TimelineKind, Date | null][] = [
    ['created', request.createdAt],
    ['sent', request.sentAt],
    ['viewed', request.viewedAt],
    ['reminded', request.lastRemindedAt],
    ['attested', request.attestedAt],
    ['canceled', request.canceledAt],
    ['expired', request.expiredAt],
  ];
  // The sort is stable: moments at the same instant keep the lifecycle order they are listed in.
  return moments
    .filter((moment): moment is [TimelineKind, Date] => moment[1] !== null)
    .map(([kind, at]) => ({ kind, at }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
