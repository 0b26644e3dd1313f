import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import { ScimError } from '../domain/scim-error';
import { ScimDirectory } from './scim-directory';

/**
 * DELETE /Users/{id}: the person is archived (their evidence is never deleted) and no longer named by the directory
 * (user name and external id cleared), so SCIM no longer finds them; a later POST with their email links them again.
 */
@Injectable()
export class DeprovisionScimUser {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: ScimDirectory,
    private readonly archivePerson: ArchivePerson,
    private readonly updatePerson: UpdatePerson,
  ) {}

  execute(input: { organizationId: string; personId: string }): Promise<void> {
    return this.unitOfWork.run(async () => {
      const person = await this.directory.findUser(input.organizationId, input.personId);
      if (!person) throw ScimError.notFound();
      const reference = { organizationId: input.organizationId, personId: person.id };
      await this.archivePerson.execute(reference);
      await this.updatePerson.execute({ ...reference, changes: { userName: null, externalId: null } });
    });
  }
}
