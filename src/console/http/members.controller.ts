import { Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UlidPathPipe } from '@lib/http';
import { ChangeMember } from '../../identity/application/change-member.use-case';
import type { Role } from '../../identity/domain/role';
import { InviteMember } from '../../sign-in/application/invite-member.use-case';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { MembersPage } from '../views/members-page';
import { managingForm } from './console-actor';
import { ConsoleDoor } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { noticeParam } from './console-query';
import { ConsoleController } from './console-controller';

const NOTICES: Record<string, string> = {
  invited: 'The invitation is on its way.',
  changed: 'The role was changed.',
  removed: 'The member was removed.',
};

/** Members (owners and administrators): invite, change a role, remove; the same use-cases as everywhere. */
@ConsoleController('members')
export class MembersController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly listMembers: ListMembers,
    private readonly inviteMember: InviteMember,
    private readonly changeMember: ChangeMember,
  ) {}

  @Get()
  async show(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const members = await this.listMembers.execute(context.current.organizationId);
    const csrf = this.door.formToken(request, response, context);
    const notice = noticeParam(request, NOTICES);
    sendConsolePage(response, 200, MembersPage({ context, csrf, members, notice }));
  }

  @Post()
  async invite(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { form, actor } = await managingForm(this.door, request);
    await this.inviteMember.execute({
      actor,
      email: form.get('email') ?? '',
      name: form.get('name') ?? '',
      role: (form.get('role') ?? '') as Role,
    });
    redirect(response, '/console/members?done=invited');
  }

  @Post(':id/role')
  async changeRole(
    @Param('id', UlidPathPipe) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { form, actor } = await managingForm(this.door, request);
    await this.changeMember.execute({ actor, userId: id, role: (form.get('role') ?? '') as Role });
    redirect(response, '/console/members?done=changed');
  }

  @Post(':id/remove')
  async remove(
    @Param('id', UlidPathPipe) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { actor } = await managingForm(this.door, request);
    await this.changeMember.execute({ actor, userId: id, role: null });
    redirect(response, '/console/members?done=removed');
  }
}
