import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateGroup } from '../../groups/application/create-group.use-case';
import { GroupRepository } from '../../groups/application/group.repository';
import type { Group } from '../../groups/domain/group';
import { ScimError } from '../domain/scim-error';
import { groupFromResource, groupPatch } from '../domain/scim-group';
import { normalisePatch } from '../domain/scim-patch';
import { ScimDirectory } from './scim-directory';
import { ScimGroupWriter } from './scim-group-writer';

/**
 * POST /Groups: a new group (not issuing automatically) with its members, in one transaction. Safe to repeat: a
 * group of that name (ignoring case) that no directory claimed, or claimed with this `externalId`, is the group
 * posted (a retry after a timeout, or a group made in the console that the directory now pushes): it takes the
 * posted name, external id and members and keeps its id. Two such groups, or one another directory claimed, are
 * `uniqueness` (409).
 */
@Injectable()
export class CreateScimGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: ScimDirectory,
    private readonly createGroup: CreateGroup,
    private readonly writer: ScimGroupWriter,
  ) {}

  execute(input: { organizationId: string; resource: unknown }): Promise<Group> {
    const { displayName, externalId, members } = groupFromResource(input.resource);
    return this.unitOfWork.run(async () => {
      const named = await this.directory.lockGroupsNamed(input.organizationId, displayName);
      if (named.length > 0) {
        const [same] = named;
        if (named.length > 1 || (same.externalId !== null && same.externalId !== externalId)) {
          throw new ScimError(409, 'uniqueness', 'A group with this displayName already exists.');
        }
        return this.writer.write(same, { displayName, externalId, members });
      }
      const group = await this.createGroup.execute({
        organizationId: input.organizationId,
        name: displayName,
        externalId,
      });
      return this.writer.write(group, { members });
    });
  }
}

/** PUT (`resource`) or PATCH (`patch`) of /Groups/{id}. */
export type GroupChange = { resource: unknown } | { patch: unknown };

/**
 * Changes a group of the organization: PUT sets its name, external id and exactly its members; PATCH applies its
 * operations (normalised first, folded in order). Another organization's group is 404.
 */
@Injectable()
export class ChangeScimGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly groups: GroupRepository,
    private readonly writer: ScimGroupWriter,
  ) {}

  execute(input: { organizationId: string; groupId: string } & GroupChange): Promise<Group> {
    const change =
      'patch' in input
        ? groupPatch(normalisePatch(input.patch, 'Group'), input.groupId)
        : groupFromResource((input as { resource: unknown }).resource);
    return this.unitOfWork.run(async () => {
      const group = await this.groups.findInOrganization(input.organizationId, input.groupId);
      if (!group) throw ScimError.notFound();
      return this.writer.write(group, change);
    });
  }
}
