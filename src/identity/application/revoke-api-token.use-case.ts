import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { ApiToken } from '../domain/api-token';
import type { Actor } from './actor';
import { ApiTokenRepository } from './api-token.repository';

/**
 * Revocation is checked on every request (no cache), so the next request with the token is refused. Through a
 * door (an actor given) only a token of the actor's organization is found, and the act is audited; the admin
 * CLI, on the server, may name any token. Revoking again changes nothing.
 */
@Injectable()
export class RevokeApiToken {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: ApiTokenRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(tokenId: string, actor?: Actor): Promise<ApiToken> {
    return this.unitOfWork.run(async () => {
      const token = actor
        ? await this.tokens.findInOrganization(actor.organizationId, tokenId)
        : await this.tokens.findById(tokenId);
      if (!token) throw new NotFoundError('Token not found.');
      if (token.revokedAt !== null) return token;
      token.revoke(this.clock.now());
      await this.tokens.save(token);
      await this.audit.changedBy(actor, 'api_token.revoked', { token_id: token.id, name: token.name });
      return token;
    });
  }
}
