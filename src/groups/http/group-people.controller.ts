import { Body, Controller, Delete, Param, Post, UseGuards } from '@nestjs/common';
import { ApiUlidPath, UlidPathPipe } from '@lib/http';
import { GroupEndpoint } from './group-endpoint';
import { FoundInPath } from '../../identity/http/organization-path.guard';
import type { Actor } from '../../identity/application/actor';
import { actingOn } from '../../identity/http/acting-on';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import { AddPeopleToGroup } from '../application/add-people-to-group.use-case';
import { RemovePersonFromGroup } from '../application/remove-person-from-group.use-case';
import type { Group } from '../domain/group';
import { GroupMembershipList } from './group-membership.response';
import { presentMemberships } from './group.presenter';
import { AddPeopleToGroupBody } from './group-people.dto';
import { GroupPathGuard } from './group-path.guard';

@Controller('groups/:group/people')
@UseGuards(GroupPathGuard)
export class GroupPeopleController {
  constructor(
    private readonly addPeople: AddPeopleToGroup,
    private readonly removePerson: RemovePersonFromGroup,
  ) {}

  /** Always 200, one membership per requested id in the request's order; emails are queued once the addition commits. */
  @Post()
  @GroupEndpoint({
    operationId: 'addPeopleToGroup',
    summary: 'Add people to a group',
    description:
      'All or nothing. People already in the group are accepted as they are. Each new member is assigned the ' +
      "group's documents; when the group issues requests automatically, signature requests are created for the " +
      'newly assigned published documents, and one email per person is sent after the response.',
    success: {
      status: 200,
      description: "One membership per requested person, in the request's order.",
      type: GroupMembershipList,
    },
    jsonBody: true,
    notFound: 'No such group in the organization (a malformed id included).',
    unprocessable:
      '`person_ids` is missing, empty, over 100, has duplicates, or names someone who is not an active person ' +
      'of the organization (errors keyed `person_ids.N`).',
  })
  async add(@CurrentActor() actor: Actor, @FoundInPath('group') group: Group, @Body() body: AddPeopleToGroupBody) {
    return presentMemberships(await this.addPeople.execute({ group, personIds: body.person_ids, actor }));
  }

  @Delete(':person')
  @GroupEndpoint({
    operationId: 'removePersonFromGroup',
    summary: 'Remove a person from a group',
    description: 'Removes the membership only: document assignments and requests made through the group stay.',
    success: { status: 204, description: 'Removed; no body.' },
    notFound: 'No such group in the organization, or the person is not a member of it (malformed ids included).',
  })
  @ApiUlidPath('person', "The person's ULID.")
  async remove(
    @CurrentActor() actor: Actor,
    @Param('group', UlidPathPipe) groupId: string,
    @Param('person', UlidPathPipe) personId: string,
  ): Promise<void> {
    await this.removePerson.execute(actingOn(actor, { groupId, personId }));
  }
}
