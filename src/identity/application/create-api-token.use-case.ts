import { Injectable } from '@nestjs/common';
import { Clock, isUlid, ValidationFailedError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import { ApiToken, TokenScope } from '../domain/api-token';
import { hasFullApiAccess } from '../domain/role';
import type { Actor } from './actor';
import { ApiTokenRepository } from './api-token.repository';
import { UserRepository } from './user.repository';

const NAME_MAX = 255;

/**
 * An owner or administrator makes a token in their organization's API settings (the API's POST /api-tokens or the
 * console): for themselves, or for a group manager, whose token acts as them. Never for another owner or
 * administrator: a token acts with its user's role, so an administrator could otherwise act as an owner (and the
 * audit log would name the owner).
 */
@Injectable()
export class CreateApiToken {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: ApiTokenRepository,
    private readonly users: UserRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    actor: Actor;
    name: string;
    scope?: TokenScope;
    expiresAt?: Date | null;
    userId?: string;
  }): Promise<{ token: ApiToken; plaintext: string }> {
    const { actor } = input;
    const name = input.name.trim();
    const now = this.clock.now();
    const errors: Record<string, string[]> = {};
    if (name === '' || name.length > NAME_MAX) errors.name = [`The name must be 1 to ${NAME_MAX} characters.`];
    if (input.expiresAt && input.expiresAt <= now) errors.expires_at = ['The expiry must be in the future.'];
    const userId = (input.userId ?? actor.userId).toLowerCase();
    const membership = isUlid(userId) ? await this.users.findMembership(actor.organizationId, userId) : null;
    if (!membership) errors.user_id = ['The user is not a member of the organization.'];
    else if (userId !== actor.userId && hasFullApiAccess(membership.role)) {
      errors.user_id = ['A token acts as its creator or as a group manager.'];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    return this.unitOfWork.run(async () => {
      const issued = ApiToken.issue({
        organizationId: actor.organizationId,
        userId,
        createdByUserId: actor.userId,
        name,
        scope: input.scope,
        expiresAt: input.expiresAt ?? null,
        now,
      });
      await this.tokens.save(issued.token);
      await this.audit.changedBy(actor, 'api_token.created', {
        token_id: issued.token.id,
        name,
        scope: issued.token.scope,
        for_user_id: userId,
      });
      return issued;
    });
  }
}
