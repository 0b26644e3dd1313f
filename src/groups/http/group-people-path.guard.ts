import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isUlid, NotFoundError } from '@lib/core';
import type { AuthenticatedRequest } from '../../identity/http/current-principal.decorator';
import { GroupMembershipRepository } from '../application/group-membership.repository';

/**
 * Answers 404 for a group in the path that is malformed or not the caller's, before the body is validated
 * (the contract checks path parameters before the body). A guard, because guards run after the global
 * authentication, rate-limit, billing and role guards and before any interceptor or pipe.
 */
@Injectable()
export class GroupPeoplePathGuard implements CanActivate {
  constructor(private readonly memberships: GroupMembershipRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const groupId = request.params.group;
    const organizationId = request.principal?.organization.id;
    if (!organizationId || typeof groupId !== 'string' || !isUlid(groupId)) throw new NotFoundError('Group not found.');
    if (!(await this.memberships.findGroup(organizationId, groupId.toLowerCase()))) {
      throw new NotFoundError('Group not found.');
    }
    return true;
  }
}
