import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { CreatePerson } from '../../people/application/create-person.use-case';
import type { Person } from '../../people/domain/person';
import { ScimError } from '../domain/scim-error';
import { userFromResource } from '../domain/scim-user';
import { ScimDirectory } from './scim-directory';
import { ScimUserWriter } from './scim-user-writer';

/**
 * POST /Users. A person whose user name or email is taken by someone a directory provisioned is `uniqueness` (what
 * Okta's spec test expects of a second POST); a person made through the API, the console or the CLI (no user name, no
 * external id) with that email is linked instead: they become this user, keeping their id and history.
 */
@Injectable()
export class ProvisionScimUser {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: ScimDirectory,
    private readonly createPerson: CreatePerson,
    private readonly archivePerson: ArchivePerson,
    private readonly writer: ScimUserWriter,
  ) {}

  execute(input: { organizationId: string; resource: unknown }): Promise<Person> {
    const state = userFromResource(input.resource, null);
    const { organizationId } = input;
    return this.unitOfWork.run(async () => {
      const matches = await this.directory.findByUserNameOrEmail(organizationId, state.userName, state.email);
      if (matches.some((person) => person.userName !== null || person.externalId !== null) || matches.length > 1) {
        throw new ScimError(409, 'uniqueness', 'A user with this userName or email already exists.');
      }
      if (matches.length === 1) return this.writer.write(organizationId, matches[0], state);
      const person = await this.createPerson.execute({
        organizationId,
        firstName: state.givenName,
        lastName: state.familyName ?? '',
        email: state.email,
        phone: state.phone,
        locale: state.locale,
        externalId: state.externalId,
        userName: state.userName,
      });
      return state.active ? person : this.archivePerson.execute({ organizationId, personId: person.id });
    });
  }
}
