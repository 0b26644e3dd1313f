import { IdListField } from './id-list.field';

/** POST /groups/{group}/people. */
export class AddPeopleToGroupBody {
  @IdListField('Distinct ids of active people of the organization.', [
    '01jd7x5m3q4r8s9t0v1w2x3y4z',
    '01jd7x5m3q4r8s9t0v1w2x3y5a',
  ])
  person_ids!: unknown[];
}
