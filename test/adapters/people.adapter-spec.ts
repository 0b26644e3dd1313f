import { NotFoundError, ValidationFailedError } from '@lib/core';
import { PageRequest } from '@lib/http';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import { PersonRepository } from '../../src/people/application/person.repository';
import { ShowPerson } from '../../src/people/application/show-person.use-case';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { ListGroupMembers } from '../../src/groups/application/list-group-members.use-case';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant } from '../support/fixtures';
import { createGroup, createPerson } from '../support/membership-fixtures';

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

  it("ListGroupMembers pages the organization's group, and finds no group of another organization", async () => {
    const list = c.app.get(ListGroupMembers);
    const page = new PageRequest(1, 2);
    const empty = await createGroup(c.app, org, { autoIssue: false });
    await expect(list.execute({ organizationId: org, groupId: empty.id, page })).resolves.toEqual({
      items: [],
      total: 0,
    });
    const group = await createGroup(c.app, org, { autoIssue: false });
    const people = [await createPerson(c.app, org), await createPerson(c.app, org), await createPerson(c.app, org)];
    await c.app.get(AddPeopleToGroup).execute({
      organizationId: org,
      groupId: group.id,
      personIds: people.map((p) => p.id),
    });
    const first = await list.execute({ organizationId: org, groupId: group.id.toUpperCase(), page });
    expect(first.total).toBe(3);
    expect(first.items.map((p) => p.id)).toEqual(
      people
        .map((p) => p.id)
        .sort()
        .slice(0, 2),
    );
    // Past the end: no rows, the total still read.
    await expect(
      list.execute({ organizationId: org, groupId: group.id, page: new PageRequest(9, 2) }),
    ).resolves.toEqual({ items: [], total: 3 });
    for (const [organizationId, groupId] of [
      [other, group.id],
      [other, empty.id],
      [org, '01arz3ndektsv4rrffq69g5fav'],
    ]) {
      await expect(list.execute({ organizationId, groupId, page })).rejects.toThrow(
        new NotFoundError('Group not found.'),
      );
    }
  });
});
