import { Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ChangeMember } from '../../identity/application/change-member.use-case';
import type { Role } from '../../identity/domain/role';
import { InviteMember } from '../../sign-in/application/invite-member.use-case';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { MembersPage } from '../views/members-page';
import { redirect, sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';

const NOTICES: Record<string, string> = {
  invited: 'The invitation is on its way.',
  changed: 'The role was changed.',
  removed: 'The member was removed.',
};

/** Members (owners and administrators): invite, change a role, remove; the same use-cases as everywhere. */
@ConsoleController('members')
export class MembersController {
  constructor(
    private readonly listMembers: ListMembers,
    private readonly inviteMember: InviteMember,
    private readonly changeMember: ChangeMember,
  ) {}

  @Get()
  async show(@Visit('managing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    const members = await this.listMembers.execute(visit.organizationId);
    sendConsolePage(response, 200, MembersPage({ ...visit.chrome, members, notice: visit.notice(NOTICES) }));
  }

  @Post()
  async invite(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const { form, actor } = posted;
    await this.inviteMember.execute({
      actor,
      email: form.get('email') ?? '',
      name: form.get('name') ?? '',
      role: (form.get('role') ?? '') as Role,
    });
    redirect(response, '/console/members?done=invited');
  }

  @Post(':id/role')
  async changeRole(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const role = (posted.form.get('role') ?? '') as Role;
    await this.changeMember.execute({ actor: posted.actor, userId: posted.id('id'), role });
    redirect(response, '/console/members?done=changed');
  }

  @Post(':id/remove')
  async remove(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    await this.changeMember.execute({ actor: posted.actor, userId: posted.id('id'), role: null });
    redirect(response, '/console/members?done=removed');
  }
}
