import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { RestorePerson } from '../../people/application/restore-person.use-case';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import { presentPerson } from '../../people/http/person.presenter';
import { clearableText, email, text } from '../cli-arguments';
import { archivalCommands, updateCommand } from '../one-id-command';

export const updatePersonCommand = updateCommand({
  name: 'person:update',
  summary: "Change a person's names, email or phone (as PATCH /people/{id}); requests already sent keep the old ones.",
  fields: {
    firstName: ['first-name', clearableText('the first name; empty (--first-name=) clears it')],
    lastName: ['last-name', text('the last name')],
    email: ['email', email('the email, unique in the organization ignoring case', false)],
    phone: ['phone', clearableText('an international number, e.g. +14155552671; empty (--phone=) clears it')],
  },
  update: (app, personId, changes) => app.get(UpdatePerson).execute({ personId, changes }),
  present: presentPerson,
});

export const personArchival = archivalCommands({
  kind: 'person',
  summaries: {
    archive:
      'Archive a person: they leave the default lists and can no longer be added to groups; memberships, ' +
      'assignments and requests stay.',
    restore: 'Restore an archived person: listed again, and can be added to groups.',
  },
  archive: (app, personId) => app.get(ArchivePerson).execute({ personId }),
  restore: (app, personId) => app.get(RestorePerson).execute({ personId }),
  present: presentPerson,
});
