import { OrganizationPathGuard } from '../../identity/http/organization-path.guard';
import { GroupRepository } from '../application/group.repository';

/** 404 `Group not found.` for a `:group` of the path that is not the caller's; the group found is kept. */
export const GroupPathGuard = OrganizationPathGuard('group', GroupRepository, 'Group not found.');
