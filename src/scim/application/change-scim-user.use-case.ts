import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Person } from '../../people/domain/person';
import { ScimError } from '../domain/scim-error';
import { normalisePatch } from '../domain/scim-patch';
import { userAfterPatch, userFromResource } from '../domain/scim-user';
import { ScimDirectory } from './scim-directory';
import { stateOf, ScimUserWriter } from './scim-user-writer';

/** PUT (`resource`) or PATCH (`patch`) of /Users/{id}: the person as the request leaves them, in one transaction. */
export type UserChange = { resource: unknown } | { patch: unknown };

/**
 * Changes a provisioned person: PUT replaces what the resource maps, PATCH applies its operations (normalised
 * first). Repeating either changes nothing more. Someone SCIM does not see (another organization's, removed) is 404.
 */
@Injectable()
export class ChangeScimUser {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: ScimDirectory,
    private readonly writer: ScimUserWriter,
  ) {}

  execute(input: { organizationId: string; personId: string } & UserChange): Promise<Person> {
    const operations = 'patch' in input ? normalisePatch(input.patch, 'User') : null;
    return this.unitOfWork.run(async () => {
      const person = await this.directory.findUser(input.organizationId, input.personId);
      if (!person) throw ScimError.notFound();
      const current = stateOf(person);
      const next =
        operations === null
          ? userFromResource((input as { resource: unknown }).resource, current)
          : userAfterPatch(current, operations);
      return this.writer.write(input.organizationId, person, next);
    });
  }
}
