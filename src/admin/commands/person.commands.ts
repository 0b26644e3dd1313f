import { ArchivePerson } from '../../people/application/archive-person.use-case';
import { RestorePerson } from '../../people/application/restore-person.use-case';
import { UpdatePerson } from '../../people/application/update-person.use-case';
import { presentPerson } from '../../people/http/person.presenter';
import { clearableText, text } from '../cli-arguments';
import { archivalCommands, oneIdCommand } from '../one-id-command';

export const updatePersonCommand = oneIdCommand({
  name: 'person:update',
  summary: "Change a person's names, email or phone (as PATCH /people/{id}); requests already sent keep the old ones.",
  options: {
    'first-name': clearableText('the first name; empty (--first-name=) clears it'),
    'last-name': text('the last name'),
    email: { kind: { type: 'email' }, description: 'the email, unique in the organization ignoring case' },
    phone: clearableText('an international number, e.g. +14155552671; empty (--phone=) clears it'),
  },
  act: (app, personId, options) =>
    app.get(UpdatePerson).execute({
      personId,
      changes: {
        firstName: options.optionalNullableString('first-name'),
        lastName: options.optionalString('last-name'),
        email: options.optionalString('email'),
        phone: options.optionalNullableString('phone'),
      },
    }),
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
