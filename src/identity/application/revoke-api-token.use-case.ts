import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import type { ApiToken } from '../domain/api-token';
import { ApiTokenRepository } from './api-token.repository';

/** Revocation is checked on every request (no cache), so the next request with the token is refused. */
@Injectable()
export class RevokeApiToken {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly clock: Clock,
  ) {}

  async execute(tokenId: string): Promise<ApiToken> {
    const token = await this.tokens.findById(tokenId);
    if (!token) throw new NotFoundError('Token not found.');
    token.revoke(this.clock.now());
    await this.tokens.save(token);
    return token;
  }
}
