import { Injectable } from '@nestjs/common';
import { AuditedUpdateOf } from '../../audit-log/application/audited-update';
import { findGroup } from './group-scope';
import { groupDetailsSnapshot } from './group-snapshot';
import { GroupRepository } from './group.repository';

/**
 * Renames a group or switches its automatic issuance (API, console and admin CLI). Switching it on issues nothing
 * to the current members; people added afterwards are sent requests. A change records `group.updated`; by a
 * user, it is audited with the fields asked for.
 */
@Injectable()
export class UpdateGroup extends AuditedUpdateOf(GroupRepository, {
  find: findGroup,
  action: 'group.updated',
  idDetail: 'group_id',
  snapshot: groupDetailsSnapshot,
}) {}
