import { Injectable } from '@nestjs/common';
import { GroupJoin, JoinEntry } from './group-join';

export type GroupMembership = JoinEntry<'people'>;

/**
 * Adds people to a group (GroupJoin): each newcomer is assigned the group's documents and, when the group issues
 * requests automatically, sent one email listing the requests for those they still have to sign.
 */
@Injectable()
export class AddPeopleToGroup extends GroupJoin<'people'> {
  protected readonly side = 'people';
}
