import { Injectable } from '@nestjs/common';
import { GroupRemoval } from './group-removal';

/**
 * Ends a membership (GroupRemoval). The documents it assigned and the requests it issued stay: they concern the
 * person. A removal by a user is audited as `group.person_removed`.
 */
@Injectable()
export class RemovePersonFromGroup extends GroupRemoval<'people'> {
  protected readonly side = 'people';
}
