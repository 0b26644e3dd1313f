import type { Type } from '@nestjs/common';
import { AttestationRequestResponse } from '../../attestation-requests/http/attestation-request.response';
import { DocumentResponse, DocumentRevisionPublishedResponse } from '../../documents/http/document.response';
import {
  GroupDetailsResponse,
  GroupDocumentsChangeResponse,
  GroupMembersChangeResponse,
} from '../../groups/http/group.response';
import { PersonResponse } from '../../people/http/person.response';
import { FEED_EVENT_TYPES, FeedEventType } from '../domain/event-type';

/** What an event's `data` is, by the start of its type; a few types carry what changed besides the resource. */
const BY_SUBJECT: Record<string, Type> = {
  attestation_request: AttestationRequestResponse,
  person: PersonResponse,
  document: DocumentResponse,
  group: GroupDetailsResponse,
};

const EXCEPTIONS: Partial<Record<FeedEventType, Type>> = {
  'document.revision_published': DocumentRevisionPublishedResponse,
  'group.members_added': GroupMembersChangeResponse,
  'group.members_removed': GroupMembersChangeResponse,
  'group.documents_added': GroupDocumentsChangeResponse,
  'group.documents_removed': GroupDocumentsChangeResponse,
};

/** The response schema of each event type's `data`, for the OpenAPI document. */
export function eventDataSchema(type: FeedEventType): Type {
  return EXCEPTIONS[type] ?? BY_SUBJECT[type.slice(0, type.indexOf('.'))];
}

/** Every schema an event's `data` may have, each once. */
export const EVENT_DATA_SCHEMAS: Type[] = [...new Set(FEED_EVENT_TYPES.map(eventDataSchema))];
