import { Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Clock } from '@lib/core';
import { PageRequest } from '@lib/http';
import { CreateApiToken } from '../../identity/application/create-api-token.use-case';
import { ListApiTokens } from '../../identity/application/list-api-tokens.use-case';
import { RevokeApiToken } from '../../identity/application/revoke-api-token.use-case';
import { isTokenScope } from '../../identity/domain/api-token';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { ApiSettingsPage } from '../views/api-settings-page';
import { redirect, sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';

/** The tokens shown at once: the API pages beyond them. */
const TOKENS_SHOWN = 100;

/** API settings (owners and administrators): the same use-cases as GET/POST /api-tokens. */
@ConsoleController('api-settings')
export class ApiSettingsController {
  constructor(
    private readonly listTokens: ListApiTokens,
    private readonly createToken: CreateApiToken,
    private readonly revokeToken: RevokeApiToken,
    private readonly listMembers: ListMembers,
    private readonly clock: Clock,
  ) {}

  @Get()
  async show(@Visit('managing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    await this.render(visit, response, 200);
  }

  @Post('tokens')
  async create(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const { form, actor } = posted;
    const scope = form.get('scope') || 'api:use';
    const expiresOn = form.get('expires_on') ?? '';
    const created = await this.createToken.execute({
      actor,
      name: form.get('name') ?? '',
      scope: isTokenScope(scope) ? scope : undefined,
      // A day chosen in the form: the token works until that day ends (UTC).
      expiresAt: /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? new Date(`${expiresOn}T23:59:59.999Z`) : null,
      userId: form.get('user_id') || undefined,
    });
    await this.render(posted, response, 201, created);
  }

  @Post('tokens/:id/revoke')
  async revoke(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    await this.revokeToken.execute(posted.id('id'), posted.actor);
    redirect(response, '/console/api-settings');
  }

  private async render(
    visit: MemberVisit,
    response: Response,
    status: number,
    created?: Awaited<ReturnType<CreateApiToken['execute']>>,
  ): Promise<void> {
    const [page, members] = await Promise.all([
      this.listTokens.page(visit.organizationId, new PageRequest(1, TOKENS_SHOWN)),
      this.listMembers.execute(visit.organizationId),
    ]);
    const now = this.clock.now();
    sendConsolePage(response, status, ApiSettingsPage({ ...visit.chrome, tokens: page.items, members, created, now }));
  }
}
