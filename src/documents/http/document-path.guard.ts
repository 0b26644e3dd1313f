import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isUlid, NotFoundError } from '@lib/core';
import type { AuthenticatedRequest } from '../../identity/http/current-principal.decorator';
import { DocumentRepository } from '../application/document.repository';

/**
 * Answers 404 for a document in the path (`:id`) that is not the caller's, before the body or the query is looked
 * at (the contract checks path parameters first): guards run after the global ones and before the body
 * interceptor and the validation pipe.
 */
@Injectable()
export class DocumentPathGuard implements CanActivate {
  constructor(private readonly documents: DocumentRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const documentId = request.params.id;
    if (documentId === undefined) return true;
    const organizationId = request.principal?.organization.id;
    if (!organizationId || !isUlid(documentId)) throw new NotFoundError();
    if (!(await this.documents.findInOrganization(organizationId, documentId.toLowerCase()))) {
      throw new NotFoundError();
    }
    return true;
  }
}
