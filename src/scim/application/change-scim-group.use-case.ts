import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateGroup } from '../../groups/application/create-group.use-case';
import { GroupRepository } from '../../groups/application/group.repository';
import type { Group } from '../../groups/domain/group';
import { ScimError } from '../domain/scim-error';
import { groupFromResource, groupPatch } from '../domain/scim-group';
import { normalisePatch } from '../domain/scim-patch';
import { ScimGroupWriter } from './scim-group-writer';

/** POST /Groups: a new group (not issuing automatically) with its members, in one transaction. */
@Injectable()
export class CreateScimGroup {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly createGroup: CreateGroup,
    private readonly writer: ScimGroupWriter,
  ) {}

  execute(input: { organizationId: string; resource: unknown }): Promise<Group> {
    const { displayName, externalId, members } = groupFromResource(input.resource);
    return this.unitOfWork.run(async () => {
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
