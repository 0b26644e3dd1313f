import { Injectable } from '@nestjs/common';
import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { RestorePerson } from '../../people/application/restore-person.use-case';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import type { Person } from '../../people/domain/person';
import type { ScimUserState } from '../domain/scim-user';

/** A person as SCIM reads them. */
export function stateOf(person: Person): ScimUserState {
  return {
    userName: person.userName ?? person.email,
    externalId: person.externalId,
    givenName: person.firstName,
    familyName: person.lastName,
    email: person.email,
    phone: person.phone,
    active: !person.isArchived,
  };
}

/**
 * Brings a person to a SCIM state through the people's own use-cases, so a change through SCIM is the change the API
 * makes (rules, events): details by UpdatePerson (which writes only when something differs), `active` by
 * ArchivePerson or RestorePerson. Callers run it inside their unit of work.
 */
@Injectable()
export class ScimUserWriter {
  constructor(
    private readonly updatePerson: UpdatePerson,
    private readonly archivePerson: ArchivePerson,
    private readonly restorePerson: RestorePerson,
  ) {}

  async write(organizationId: string, person: Person, state: ScimUserState): Promise<Person> {
    const reference = { organizationId, personId: person.id };
    let current = await this.updatePerson.execute({
      ...reference,
      changes: {
        userName: state.userName,
        externalId: state.externalId,
        firstName: state.givenName,
        lastName: state.familyName ?? undefined,
        email: state.email,
        phone: state.phone,
      },
    });
    if (state.active === current.isArchived) {
      current = await (state.active ? this.restorePerson : this.archivePerson).execute(reference);
    }
    return current;
  }
}
