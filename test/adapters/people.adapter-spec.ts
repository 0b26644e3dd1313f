import { NotFoundError, ValidationFailedError } from '@lib/core';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import { PersonRepository } from '../../src/people/application/person.repository';
import { ShowPerson } from '../../src/people/application/show-person.use-case';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant } from '../support/fixtures';

/** The people use-cases on their real repository and the per-file database (the unique email is an index there). */
describe('people use-cases (real adapters)', () => {
  let c: AdapterContext;
  let org: string;
  let other: string;

  beforeAll(async () => {
    c = await startAdapterContext();
    org = (await createTenant(c.app)).organizationId;
    other = (await createTenant(c.app)).organizationId;
  });
  afterAll(async () => {
    await c?.close();
  });

  it('CreatePerson adds an oauth person stamped with the clock', async () => {
    const person = await c.app.get(CreatePerson).execute({
      organizationId: org,
      lastName: 'Hopper',
      email: 'grace@example.test',
    });
    expect(person).toMatchObject({ source: 'oauth', sourceId: null, createdAt: c.clock.now(), archivedAt: null });
    expect(await c.app.get(PersonRepository).findById(person.id)).toEqual(person);
  });

  it('CreatePerson lets the repository refuse a taken email', async () => {
    const create = c.app.get(CreatePerson);
    await create.execute({ organizationId: org, lastName: 'A', email: 'same@example.test' });
    await expect(create.execute({ organizationId: org, lastName: 'B', email: 'SAME@example.test' })).rejects.toThrow(
      ValidationFailedError,
    );
    await expect(
      create.execute({ organizationId: other, lastName: 'C', email: 'same@example.test' }),
    ).resolves.toBeDefined();
  });

  it('ArchivePerson archives once, accepts an upper-case id, and does not find a stranger', async () => {
    const person = await c.app.get(CreatePerson).execute({
      organizationId: org,
      lastName: 'Leaver',
      email: 'l@example.test',
    });
    const archive = c.app.get(ArchivePerson);
    const archivedAt = c.clock.now();
    await archive.execute({ personId: person.id.toUpperCase() });
    c.clock.advance(1000);
    expect((await archive.execute({ personId: person.id })).archivedAt).toEqual(archivedAt);
    await expect(archive.execute({ personId: '01arz3ndektsv4rrffq69g5fav' })).rejects.toThrow(NotFoundError);
  });

  it('ShowPerson finds people of the organization only', async () => {
    const person = await c.app.get(CreatePerson).execute({
      organizationId: org,
      lastName: 'Mine',
      email: 'm@example.test',
    });
    const show = c.app.get(ShowPerson);
    await expect(show.execute({ organizationId: org, personId: person.id })).resolves.toEqual(person);
    await expect(show.execute({ organizationId: other, personId: person.id })).rejects.toThrow(NotFoundError);
  });
});
