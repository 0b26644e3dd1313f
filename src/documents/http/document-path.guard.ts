import { OrganizationPathGuard } from '../../identity/http/organization-path.guard';
import { DocumentRepository } from '../application/document.repository';

/** 404 for a document in the path (`:id`) that is not the caller's, before its body or query is looked at. */
export const DocumentPathGuard = OrganizationPathGuard('id', DocumentRepository);
