import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { answerPage, UlidPathPipe } from '@lib/http';
import { parseDateTime } from '../../attestation-requests/http/attestation-requests.dto';
import { AppConfig } from '../../config/app-config';
import type { Actor } from '../application/actor';
import { CurrentActor } from './current-actor.decorator';
import { CreateApiToken } from '../application/create-api-token.use-case';
import { ListApiTokens } from '../application/list-api-tokens.use-case';
import type { Principal } from '../application/principal';
import { RevokeApiToken } from '../application/revoke-api-token.use-case';
import { presentApiToken } from './api-token.presenter';
import { ApiTokenPage, ApiTokenResponse, ApiTokenWithSecretResponse } from './api-token.response';
import { CreateApiTokenBody, ListApiTokensQuery } from './api-tokens.dto';
import { CurrentPrincipal } from './current-principal.decorator';
import { ApiTokensEndpoint, TokenEndpoint } from './api-tokens-endpoints';

/** The organization's API settings through the API (owners and administrators), as the console shows them. */
@Controller('api-tokens')
export class ApiTokensController {
  constructor(
    private readonly config: AppConfig,
    private readonly createToken: CreateApiToken,
    private readonly listTokens: ListApiTokens,
    private readonly revokeToken: RevokeApiToken,
  ) {}

  @Get()
  @ApiTokensEndpoint({
    operationId: 'listApiTokens',
    summary: "List the organization's API tokens",
    description: 'Revoked and expired ones included, newest first; never the token itself.',
    success: { status: 200, description: 'A page of tokens.', type: ApiTokenPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListApiTokensQuery) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/api-tokens`,
      (page) => this.listTokens.page(principal.organization.id, page),
      presentApiToken,
    );
  }

  @Post()
  @ApiTokensEndpoint({
    operationId: 'createApiToken',
    summary: 'Create an API token',
    description: 'The answer carries the token itself, in this answer only.',
    success: { status: 201, description: 'The new token and its plaintext.', type: ApiTokenWithSecretResponse },
    jsonBody: true,
    unprocessable:
      '`name` missing or over 255 characters; `scope` not `api:use` or `scim`; `expires_at` not a date-time in ' +
      'the future; `user_id` not a member of the organization, or another owner or administrator (a token acts ' +
      'as its creator or as a group manager).',
  })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateApiTokenBody) {
    const { token, plaintext } = await this.createToken.execute({
      actor,
      name: body.name,
      scope: body.scope,
      expiresAt: body.expires_at ? parseDateTime(body.expires_at) : null,
      userId: body.user_id?.toLowerCase(),
    });
    return { ...presentApiToken(token), token: plaintext };
  }

  @Post(':id/revoke')
  @TokenEndpoint({
    operationId: 'revokeApiToken',
    summary: 'Revoke an API token',
    description: 'The next request with it answers 401. Revoking a revoked token changes nothing.',
    success: { status: 200, description: 'The token, revoked.', type: ApiTokenResponse },
  })
  async revoke(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    return presentApiToken(await this.revokeToken.execute(id, actor));
  }
}
