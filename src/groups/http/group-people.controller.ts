import { Body, Controller, Delete, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { UlidPathPipe } from '@lib/common';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { RelayAfterResponse } from '../../notifications/http/relay-after-response';
import { AddPeopleToGroup } from '../application/add-people-to-group.use-case';
import { RemovePersonFromGroup } from '../application/remove-person-from-group.use-case';
import { AddPeopleToGroupBody } from './group-people.dto';
import { GroupPeoplePathGuard } from './group-people-path.guard';

@Controller('groups/:group/people')
@UseGuards(GroupPeoplePathGuard)
export class GroupPeopleController {
  constructor(
    private readonly addPeople: AddPeopleToGroup,
    private readonly removePerson: RemovePersonFromGroup,
    private readonly afterResponse: RelayAfterResponse,
  ) {}

  /** Always 200, one membership per requested id in the request's order; emails are queued after the answer. */
  @Post()
  @HttpCode(200)
  async add(
    @CurrentPrincipal() principal: Principal,
    @Param('group', UlidPathPipe) groupId: string,
    @Body() body: AddPeopleToGroupBody,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { memberships, notificationIds } = await this.addPeople.execute({
      organizationId: principal.organization.id,
      groupId,
      personIds: body.person_ids,
    });
    this.afterResponse.schedule(response, notificationIds);
    return { data: memberships.map((m) => ({ group_id: m.groupId, person_id: m.personId })) };
  }

  @Delete(':person')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('group', UlidPathPipe) groupId: string,
    @Param('person', UlidPathPipe) personId: string,
  ): Promise<void> {
    await this.removePerson.execute({ organizationId: principal.organization.id, groupId, personId });
  }
}
