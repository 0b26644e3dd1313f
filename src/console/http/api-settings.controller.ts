import { Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Clock } from '@lib/core';
import { PageRequest, UlidPathPipe } from '@lib/http';
import { CreateApiToken } from '../../identity/application/create-api-token.use-case';
import { ListApiTokens } from '../../identity/application/list-api-tokens.use-case';
import { RevokeApiToken } from '../../identity/application/revoke-api-token.use-case';
import { isTokenScope } from '../../identity/domain/api-token';
import { ListMembers } from '../../sign-in/application/list-members.use-case';
import { ApiSettingsPage } from '../views/api-settings-page';
import { ConsoleDoor, ManagingContext } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { managingForm } from './console-actor';
import { ConsoleController } from './console-controller';

/** The tokens shown at once: the API pages beyond them. */
const TOKENS_SHOWN = 100;

/** API settings (owners and administrators): the same use-cases as GET/POST /api-tokens. */
@ConsoleController('api-settings')
export class ApiSettingsController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly listTokens: ListApiTokens,
    private readonly createToken: CreateApiToken,
    private readonly revokeToken: RevokeApiToken,
    private readonly listMembers: ListMembers,
    private readonly clock: Clock,
  ) {}

  @Get()
  async show(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    await this.render(request, response, context, 200);
  }

  @Post('tokens')
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { context, form, actor } = await managingForm(this.door, request);
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
    await this.render(request, response, context, 201, created);
  }

  @Post('tokens/:id/revoke')
  async revoke(
    @Param('id', UlidPathPipe) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { actor } = await managingForm(this.door, request);
    await this.revokeToken.execute(id, actor);
    redirect(response, '/console/api-settings');
  }

  private async render(
    request: Request,
    response: Response,
    context: ManagingContext,
    status: number,
    created?: Awaited<ReturnType<CreateApiToken['execute']>>,
  ): Promise<void> {
    const organizationId = context.current.organizationId;
    const [page, members] = await Promise.all([
      this.listTokens.page(organizationId, new PageRequest(1, TOKENS_SHOWN)),
      this.listMembers.execute(organizationId),
    ]);
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(
      response,
      status,
      ApiSettingsPage({ context, csrf, tokens: page.items, members, created, now: this.clock.now() }),
    );
  }
}
