import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { FoundInPath } from '../../identity/http/organization-path.guard';
import type { Actor } from '../../identity/application/actor';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import type { GroupManager } from '../application/group-managers.repository';
import { ListGroupManagers } from '../application/list-group-managers.use-case';
import { SetGroupManagers } from '../application/set-group-managers.use-case';
import type { Group } from '../domain/group';
import { GroupEndpoint } from './group-endpoint';
import { GroupManagerList, SetGroupManagersBody } from './group-managers.dto';
import { GroupPathGuard } from './group-path.guard';

const present = (managers: GroupManager[]) => ({
  data: managers.map((m) => ({ user_id: m.userId, name: m.name, email: m.email })),
});

/** Who is in charge of a group: group managers see only the groups they are in charge of (in the console). */
@Controller('groups')
@UseGuards(GroupPathGuard)
export class GroupManagersController {
  constructor(
    private readonly listManagers: ListGroupManagers,
    private readonly setManagers: SetGroupManagers,
  ) {}

  @Get(':group/managers')
  @GroupEndpoint({
    operationId: 'listGroupManagers',
    summary: "List a group's managers",
    description: 'The group managers in charge of the group, by name then user id.',
    success: { status: 200, description: "The group's managers.", type: GroupManagerList },
  })
  async list(@FoundInPath('group') group: Group) {
    return present(await this.listManagers.execute({ organizationId: group.organizationId, groupId: group.id }));
  }

  @Put(':group/managers')
  @GroupEndpoint({
    operationId: 'setGroupManagers',
    summary: "Replace a group's managers",
    description:
      'The list replaces the current one (an empty list removes every manager). A group manager then sees, in the ' +
      'console, only the groups they are in charge of, with their people and requests. Sending the same list ' +
      'again changes nothing, so the route needs no `Idempotency-Key`.',
    success: { status: 200, description: "The group's managers as they are now.", type: GroupManagerList },
    jsonBody: true,
    unprocessable:
      '`user_ids` missing, not an array or over 100 ids; an element (`user_ids.N`) not a ULID, repeated, or not a ' +
      'member of the organization whose role is `group_manager`.',
  })
  async replace(@CurrentActor() actor: Actor, @FoundInPath('group') group: Group, @Body() body: SetGroupManagersBody) {
    const managers = await this.setManagers.execute({
      actor,
      group,
      userIds: body.user_ids,
    });
    return present(managers);
  }
}
