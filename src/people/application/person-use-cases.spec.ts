import { FixedClock, NotFoundError, ValidationFailedError } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import type { Person } from '../domain/person';
import { ArchivePerson } from './archive-person.use-case';
import { CreatePerson } from './create-person.use-case';
import { PeopleFilter, PersonRepository } from './person.repository';
import { ShowPerson } from './show-person.use-case';

/** The port's contract in memory: the email is unique per organization, ignoring case. */
class InMemoryPersonRepository extends PersonRepository {
  readonly people = new Map<string, Person>();

  async add(person: Person): Promise<void> {
    const taken = [...this.people.values()].some(
      (p) => p.organizationId === person.organizationId && p.email.toLowerCase() === person.email.toLowerCase(),
    );
    if (taken) throw ValidationFailedError.single('email', 'The email has already been taken.');
    this.people.set(person.id, person);
  }
  async save(person: Person): Promise<void> {
    this.people.set(person.id, person);
  }
  async findById(id: string): Promise<Person | null> {
    return this.people.get(id) ?? null;
  }
  async findInOrganization(organizationId: string, id: string): Promise<Person | null> {
    const person = this.people.get(id);
    return person?.organizationId === organizationId ? person : null;
  }
  async findManyInOrganization(organizationId: string, ids: readonly string[]): Promise<Person[]> {
    return ids.map((id) => this.people.get(id)).filter((p): p is Person => p?.organizationId === organizationId);
  }
  async page(_o: string, _f: PeopleFilter, _r: PageRequest): Promise<Page<Person>> {
    throw new Error('not used');
  }
  async findMatching(): Promise<Person | null> {
    throw new Error('not used');
  }
}

describe('people use-cases', () => {
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  let people: InMemoryPersonRepository;
  beforeEach(() => {
    people = new InMemoryPersonRepository();
  });

  it('CreatePerson adds an oauth person stamped with the clock', async () => {
    const person = await new CreatePerson(people, clock).execute({
      organizationId: 'o',
      lastName: 'Hopper',
      email: 'grace@example.test',
    });
    expect(person).toMatchObject({ source: 'oauth', sourceId: null, createdAt: clock.now(), archivedAt: null });
    expect(people.people.get(person.id)).toBe(person);
  });

  it('CreatePerson lets the repository refuse a taken email', async () => {
    const create = new CreatePerson(people, clock);
    await create.execute({ organizationId: 'o', lastName: 'A', email: 'same@example.test' });
    await expect(create.execute({ organizationId: 'o', lastName: 'B', email: 'SAME@example.test' })).rejects.toThrow(
      ValidationFailedError,
    );
    await expect(
      create.execute({ organizationId: 'other', lastName: 'C', email: 'same@example.test' }),
    ).resolves.toBeDefined();
  });

  it('ArchivePerson archives once, accepts an upper-case id, and does not find a stranger', async () => {
    const person = await new CreatePerson(people, clock).execute({
      organizationId: 'o',
      lastName: 'Leaver',
      email: 'l@example.test',
    });
    const archive = new ArchivePerson(people, clock);
    const archivedAt = clock.now();
    await archive.execute({ personId: person.id.toUpperCase() });
    clock.advance(1000);
    expect((await archive.execute({ personId: person.id })).archivedAt).toEqual(archivedAt);
    await expect(archive.execute({ personId: '01arz3ndektsv4rrffq69g5fav' })).rejects.toThrow(NotFoundError);
  });

  it('ShowPerson finds people of the organization only', async () => {
    const person = await new CreatePerson(people, clock).execute({
      organizationId: 'o',
      lastName: 'Mine',
      email: 'm@example.test',
    });
    const show = new ShowPerson(people);
    await expect(show.execute({ organizationId: 'o', personId: person.id })).resolves.toBe(person);
    await expect(show.execute({ organizationId: 'other', personId: person.id })).rejects.toThrow(NotFoundError);
  });
});
