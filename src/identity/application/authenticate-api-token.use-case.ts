import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { hashToken, TokenScope } from '../domain/api-token';
import { ApiTokenRepository } from './api-token.repository';
import type { Principal } from './principal';

/**
 * Resolves a bearer token to its principal. Unknown, revoked and expired tokens all answer null: the caller
 * cannot tell which. Role and billing are read live, so a change takes effect on the very next request.
 */
@Injectable()
export class AuthenticateApiToken {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly clock: Clock,
  ) {}

  /** `scope`: the door asking (the API, or SCIM); a token of the other door is not recognised. */
  async execute(plaintext: string, scope: TokenScope = 'api:use'): Promise<Principal | null> {
    const credential = await this.tokens.findCredentialByHash(hashToken(plaintext));
    const now = this.clock.now();
    if (credential === null || !credential.token.isUsable(now, scope)) return null;
    if (credential.token.needsUsageStamp(now)) await this.tokens.stampUsage(credential.token.id, now);
    return credential.principal;
  }
}
