import type { Organization } from '../domain/organization';
import { StoredEntities } from './stored-entities';

export abstract class OrganizationRepository extends StoredEntities<Organization> {}
