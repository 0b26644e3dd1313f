import { Injectable } from '@nestjs/common';
import { AuditedUpdateOf } from '../../audit-log/application/audited-update';
import { findPerson } from './person-scope';
import { personSnapshot } from './person-snapshot';
import { PersonRepository } from './person.repository';

/**
 * Changes a person's names, email, phone or language (API, console and admin CLI) with the rules of a new person:
 * the email stays unique in the organization ignoring case, archived people included (the person's own, in another
 * letter case, is theirs). Requests already issued keep the name and email they were sent to; later ones use the
 * new ones. A change records `person.updated`; by a user, it is audited with the fields asked for.
 */
@Injectable()
export class UpdatePerson extends AuditedUpdateOf(PersonRepository, {
  find: findPerson,
  action: 'person.updated',
  idDetail: 'person_id',
  snapshot: personSnapshot.of,
}) {}
