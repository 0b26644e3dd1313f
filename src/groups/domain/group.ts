import { applyChanges, Entity, newId, requiredText } from '@lib/core';

export const GROUP_NAME_MAX_LENGTH = 255;

export interface GroupProps {
  id: string;
  organizationId: string;
  name: string;
  autoIssueRequests: boolean;
  /** The directory's own id for the group (SCIM `externalId`); unique in the organization when set. */
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A set of people sharing documents. Joining a group assigns its documents; with `autoIssueRequests`, joining
 * also sends signature requests for them.
 */
export class Group extends Entity.exposing<GroupProps>()(
  'id',
  'organizationId',
  'name',
  'autoIssueRequests',
  'externalId',
  'createdAt',
  'updatedAt',
) {
  static create(input: {
    organizationId: string;
    name: string;
    autoIssueRequests?: boolean;
    externalId?: string | null;
    now: Date;
  }): Group {
    return new Group({
      id: newId(),
      organizationId: input.organizationId,
      name: requiredText('name', input.name, GROUP_NAME_MAX_LENGTH),
      autoIssueRequests: input.autoIssueRequests ?? false,
      externalId: input.externalId?.trim() || null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  /**
   * Renames the group or switches automatic issuance. Switching it on issues nothing to the current members: only
   * people added later are sent requests. Answers whether anything changed: `updatedAt` moves only then.
   */
  update(changes: GroupChanges, now: Date): boolean {
    const name = changes.name === undefined ? this.name : requiredText('name', changes.name, GROUP_NAME_MAX_LENGTH);
    const autoIssueRequests = changes.autoIssueRequests ?? this.autoIssueRequests;
    const externalId = changes.externalId === undefined ? this.externalId : changes.externalId?.trim() || null;
    return applyChanges(this.props, { name, autoIssueRequests, externalId }, now);
  }
}

/** What `Group.update` may change; `undefined` leaves a setting as it is. */
export interface GroupChanges {
  name?: string;
  autoIssueRequests?: boolean;
  /** null clears it. */
  externalId?: string | null;
}
