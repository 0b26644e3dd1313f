import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { ApiToken, TokenScope } from '../domain/api-token';
import { ApiTokenRepository } from './api-token.repository';
import { UserRepository } from './user.repository';

@Injectable()
export class IssueApiToken {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    userId: string;
    organizationId: string;
    name?: string;
    scope?: TokenScope;
    expiresAt?: Date;
    createdByUserId?: string;
  }): Promise<{ token: ApiToken; plaintext: string }> {
    const membership = await this.users.findMembership(input.organizationId, input.userId);
    if (!membership) throw new NotFoundError('The user is not a member of that organization.');
    const now = this.clock.now();
    if (input.expiresAt && input.expiresAt <= now) {
      throw ValidationFailedError.single('expires_at', 'The expiry must be in the future.');
    }
    if (input.name !== undefined && input.name.length > 255) {
      throw ValidationFailedError.single('name', 'The name must not be greater than 255 characters.');
    }
    const issued = ApiToken.issue({ ...input, now });
    await this.tokens.save(issued.token);
    return issued;
  }
}
