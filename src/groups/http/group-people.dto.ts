import { IdListField } from './id-list.field';

/** POST /groups/{group}/people. */
export class AddPeopleToGroupBody {
  @IdListField('Distinct ids of active people of the organization.')
  person_ids!: unknown[];
}
