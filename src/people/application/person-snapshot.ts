import { defineSnapshot, Snapshot } from '../../events/application/snapshot';
import type { Person } from '../domain/person';

/** The contract's Person, field by field, in the order it is written: what the API answers and what its events carry. */
export const personSnapshot = defineSnapshot<Person>()({
  id: 'id',
  organization_id: 'id',
  first_name: 'text',
  last_name: 'text',
  name: 'text',
  email: 'text',
  phone: 'text',
  source: 'text',
  source_id: 'text',
  external_id: 'text',
  user_name: 'text',
  locale: 'text',
  archived_at: 'time',
  created_at: 'time',
  updated_at: 'time',
});

export type PersonSnapshot = Snapshot<Person, typeof personSnapshot.fields>;
