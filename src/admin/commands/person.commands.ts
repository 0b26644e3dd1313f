import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { presentPerson } from '../../people/http/person.presenter';
import type { AdminCommand } from '../admin-command';
import { id } from '../cli-arguments';

export const archivePersonCommand: AdminCommand = {
  name: 'person:archive',
  summary: 'Archive a person: they leave the default lists and can no longer be added to groups.',
  options: { person: id('the person id') },
  async run(app, options) {
    return presentPerson(await app.get(ArchivePerson).execute({ personId: options.string('person') }));
  },
};
