import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/common';
import { AttestationLinks } from '../../attestation-requests/application/attestation-links';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import { defaultExpiry } from '../../attestation-requests/domain/request-expiry';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationOutbox } from '../../notifications/application/notification-outbox';
import { Notification } from '../../notifications/domain/notification';
import { checkPersonIds, wellFormedPersonIds } from './add-people-to-group.validation';
import { GroupMembershipRepository, MembershipGroup } from './group-membership.repository';

export interface GroupMembership {
  groupId: string;
  personId: string;
}

/**
 * Adds people to a group, all or nothing, in one transaction. Only people who were not members yet get the
 * group's documents assigned and, when the group issues requests automatically, one request per document they
 * still have to sign, plus one outbox notification listing them. People already in the group are answered
 * like the others and change nothing, which also makes concurrent identical calls harmless.
 * The caller relays `notificationIds` to the queue after answering.
 */
@Injectable()
export class AddPeopleToGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly memberships: GroupMembershipRepository,
    private readonly requests: AttestationRequestRepository,
    private readonly outbox: NotificationOutbox,
    private readonly links: AttestationLinks,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    organizationId: string;
    groupId: string;
    /** Checked here, element by element, once the group is known to exist (404 comes before 422). */
    personIds: readonly unknown[];
  }): Promise<{ memberships: GroupMembership[]; notificationIds: string[] }> {
    const group = await this.memberships.findGroup(input.organizationId, input.groupId.toLowerCase());
    if (!group) throw new NotFoundError('Group not found.');
    const candidates = wellFormedPersonIds(input.personIds);
    // Checked inside the transaction on share-locked rows, so nobody is archived between the check and the insert.
    const { personIds, notificationIds } = await this.unitOfWork.run(async () => {
      const active = await this.memberships.findActivePeople(group.organizationId, candidates);
      const errors = checkPersonIds(input.personIds, active);
      if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
      const ids = input.personIds.map((id) => (id as string).toLowerCase());
      return { personIds: ids, notificationIds: await this.join(group, ids) };
    });
    return { memberships: personIds.map((personId) => ({ groupId: group.id, personId })), notificationIds };
  }

  private async join(group: MembershipGroup, personIds: string[]): Promise<string[]> {
    const now = this.clock.now();
    const newcomers = await this.memberships.addMissingMembers(group, personIds, now);
    if (newcomers.length === 0) return [];
    await this.memberships.assignGroupDocuments(group, newcomers, now);
    if (!group.autoIssueRequests) return [];

    const issuable = await this.memberships.findIssuableDocuments(group, newcomers);
    const expiresAt = defaultExpiry(now, this.config.attestationRequestTtlDays);
    const issued = await this.requests.addUnlessOpen(
      issuable.map((document) =>
        AttestationRequest.issue({
          organizationId: group.organizationId,
          documentId: document.documentId,
          documentRevisionId: document.documentRevisionId,
          personId: document.personId,
          recipientName: document.recipientName,
          recipientEmail: document.recipientEmail,
          source: 'system',
          expiresAt,
          accessTokenHashFor: (id) => this.links.tokenHashFor(id),
          now,
        }),
      ),
    );

    const requestIdsByPerson = new Map<string, string[]>();
    for (const request of issued) {
      requestIdsByPerson.set(request.personId, [...(requestIdsByPerson.get(request.personId) ?? []), request.id]);
    }
    const notifications = [...requestIdsByPerson].map(([personId, attestationRequestIds]) =>
      Notification.announce({
        organizationId: group.organizationId,
        personId,
        kind: 'requests_issued',
        attestationRequestIds,
        now,
      }),
    );
    await this.outbox.addMany(notifications);
    return notifications.map((notification) => notification.id);
  }
}
