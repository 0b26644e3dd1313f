import { newId, ValidationFailedError } from '@lib/core';

export const GROUP_NAME_MAX_LENGTH = 255;

/**
 * A set of people sharing documents. Joining a group assigns its documents; with `autoIssueRequests`, joining
 * also sends signature requests for them.
 */
export class Group {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly name: string,
    readonly autoIssueRequests: boolean,
    readonly createdAt: Date,
    public updatedAt: Date,
  ) {}

  static create(input: { organizationId: string; name: string; autoIssueRequests?: boolean; now: Date }): Group {
    const name = input.name.trim();
    if (name === '') throw ValidationFailedError.single('name', 'The name field is required.');
    if ([...name].length > GROUP_NAME_MAX_LENGTH) {
      throw ValidationFailedError.single('name', 'The name field must not be greater than 255 characters.');
    }
    return new Group(newId(), input.organizationId, name, input.autoIssueRequests ?? false, input.now, input.now);
  }
}
