import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isUlid, NotFoundError } from '@lib/core';
import type { AuthenticatedRequest } from '../../identity/http/current-principal.decorator';
import { PersonRepository } from '../application/person.repository';

/**
 * Answers 404 for a person in the path (`:id`) who is not the caller's, before the body is looked at (the
 * contract checks path parameters first); on the routes that take a body. A guard, because guards run after the global authentication,
 * rate-limit, billing and role guards and before the body interceptor and the validation pipe.
 */
@Injectable()
export class PersonPathGuard implements CanActivate {
  constructor(private readonly people: PersonRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const personId = request.params.id;
    if (personId === undefined) return true;
    const organizationId = request.principal?.organization.id;
    if (!organizationId || !isUlid(personId)) throw new NotFoundError();
    if (!(await this.people.findInOrganization(organizationId, personId.toLowerCase()))) throw new NotFoundError();
    return true;
  }
}
