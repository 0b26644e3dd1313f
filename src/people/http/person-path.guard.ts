import { OrganizationPathGuard } from '../../identity/http/organization-path.guard';
import { PersonRepository } from '../application/person.repository';

/** 404 for a person in the path (`:id`) who is not the caller's, on the routes that take a body. */
export const PersonPathGuard = OrganizationPathGuard('id', PersonRepository);
