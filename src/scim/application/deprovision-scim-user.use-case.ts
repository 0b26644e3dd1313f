import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import { ScimError } from '../domain/scim-error';
import { ScimDirectory } from './scim-directory';
import { ScimUserWriter, stateOf } from './scim-user-writer';

/**
 * DELETE /Users/{id}: the person is deactivated as by `active: false` (archived, open requests canceled; their
 * evidence is never deleted) and no longer named by the directory
 * (user name and external id cleared), so SCIM no longer finds them; a later POST with their email links them again.
 */
@Injectable()
export class DeprovisionScimUser {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: ScimDirectory,
    private readonly writer: ScimUserWriter,
    private readonly updatePerson: UpdatePerson,
  ) {}

  execute(input: { organizationId: string; personId: string }): Promise<void> {
    return this.unitOfWork.run(async () => {
      const person = await this.directory.findUser(input.organizationId, input.personId);
      if (!person) throw ScimError.notFound();
      await this.writer.write(input.organizationId, person, { ...stateOf(person), active: false });
      await this.updatePerson.execute({
        organizationId: input.organizationId,
        personId: person.id,
        changes: { userName: null, externalId: null },
      });
    });
  }
}
