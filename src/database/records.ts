import { AuditEntryRecord } from '../audit-log/infrastructure/audit-entry.record';
import { AttestationRequestRecord } from '../attestation-requests/infrastructure/attestation-request.record';
import { DocumentAssignmentRecord } from '../documents/infrastructure/document-assignment.record';
import { DocumentRecord } from '../documents/infrastructure/document.record';
import { DocumentRevisionRecord } from '../documents/infrastructure/document-revision.record';
import { GroupDocumentRecord } from '../groups/infrastructure/group-document.record';
import { GroupMembershipRecord } from '../groups/infrastructure/group-membership.record';
import { GroupRecord } from '../groups/infrastructure/group.record';
import { ApiTokenRecord } from '../identity/infrastructure/api-token.record';
import { OrganizationMembershipRecord } from '../identity/infrastructure/organization-membership.record';
import { OrganizationRecord } from '../identity/infrastructure/organization.record';
import { UserRecord } from '../identity/infrastructure/user.record';
import { IdempotencyKeyRecord } from '../idempotency/infrastructure/idempotency-key.record';
import { NotificationRecord } from '../notifications/infrastructure/notification.record';
import { PersonRecord } from '../people/infrastructure/person.record';
import { ConsoleLinkRecord } from '../sign-in/infrastructure/console-link.record';
import { ConsoleSessionRecord } from '../sign-in/infrastructure/console-session.record';
import { SsoSettingsRecord } from '../sign-in/infrastructure/sso-settings.record';

/** Every TypeORM entity of the service; the schema itself is owned by the migrations. */
export const RECORDS = [
  OrganizationRecord,
  UserRecord,
  OrganizationMembershipRecord,
  ApiTokenRecord,
  PersonRecord,
  DocumentRecord,
  DocumentRevisionRecord,
  DocumentAssignmentRecord,
  GroupRecord,
  GroupDocumentRecord,
  GroupMembershipRecord,
  AttestationRequestRecord,
  NotificationRecord,
  IdempotencyKeyRecord,
  AuditEntryRecord,
  ConsoleLinkRecord,
  ConsoleSessionRecord,
  SsoSettingsRecord,
];
