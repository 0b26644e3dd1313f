import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isUlid, NotFoundError } from '@lib/core';
import type { AuthenticatedRequest } from '../../identity/http/current-principal.decorator';
import { GroupRepository } from '../application/group.repository';

/**
 * Answers 404 for a group in the path (`:group`) that is malformed or not the caller's, before the body or the
 * query is validated (the contract checks path parameters before the body). A guard, because guards run after
 * the global authentication, rate-limit, billing and role guards and before any interceptor or pipe.
 */
@Injectable()
export class GroupPathGuard implements CanActivate {
  constructor(private readonly groups: GroupRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const groupId = request.params.group;
    if (groupId === undefined) return true;
    const organizationId = request.principal?.organization.id;
    if (!organizationId || !isUlid(groupId)) throw new NotFoundError('Group not found.');
    if (!(await this.groups.findInOrganization(organizationId, groupId.toLowerCase()))) {
      throw new NotFoundError('Group not found.');
    }
    return true;
  }
}
