import { Entity, newId, ValidationFailedError } from '@lib/core';

export const GROUP_NAME_MAX_LENGTH = 255;

export interface GroupProps {
  id: string;
  organizationId: string;
  name: string;
  autoIssueRequests: boolean;
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
  'createdAt',
  'updatedAt',
) {
  static create(input: { organizationId: string; name: string; autoIssueRequests?: boolean; now: Date }): Group {
    return new Group({
      id: newId(),
      organizationId: input.organizationId,
      name: checkedName(input.name),
      autoIssueRequests: input.autoIssueRequests ?? false,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  /**
   * Renames the group or switches automatic issuance. Switching it on issues nothing to the current members: only
   * people added later are sent requests. Answers whether anything changed: `updatedAt` moves only then.
   */
  update(changes: GroupChanges, now: Date): boolean {
    const name = changes.name === undefined ? this.name : checkedName(changes.name);
    const autoIssueRequests = changes.autoIssueRequests ?? this.autoIssueRequests;
    if (name === this.name && autoIssueRequests === this.autoIssueRequests) return false;
    this.props.name = name;
    this.props.autoIssueRequests = autoIssueRequests;
    this.props.updatedAt = now;
    return true;
  }
}

/** What `Group.update` may change; `undefined` leaves a setting as it is. */
export interface GroupChanges {
  name?: string;
  autoIssueRequests?: boolean;
}

function checkedName(input: string): string {
  const name = input.trim();
  if (name === '') throw ValidationFailedError.single('name', 'The name field is required.');
  if ([...name].length > GROUP_NAME_MAX_LENGTH) {
    throw ValidationFailedError.single('name', 'The name field must not be greater than 255 characters.');
  }
  return name;
}
