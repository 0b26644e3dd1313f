import { Injectable } from '@nestjs/common';
import { findRecordById } from '../../database/typeorm-record-repository';
import { activeManager, readOne, readRows } from '../../database/typeorm-unit-of-work';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { ValidationFailedError } from '@lib/core';
import { messages, Page, PageRequest } from '@lib/http';
import { containsPattern, isUniqueViolation } from '@lib/persistence';
import { PeopleFilter, PersonRepository } from '../application/person.repository';
import type { Person } from '../domain/person';
import type { Statement } from '../../database/list-totals';
import {
  fetchPeoplePage,
  groupMembersOf,
  groupMembersStatement,
  PEOPLE_TEXT_FILTERS,
  PERSON_IN_ORGANIZATION_SQL,
} from './people-list.sql';
import { personMapper } from './person.mapper';
import { personFromRow, PersonRecord } from './person.record';

/** The unique indexes of people, and the field each one's violation is reported under. */
const UNIQUE_FIELDS: Record<string, string> = {
  people_email_unique: 'email',
  people_user_name_unique: 'user_name',
  people_external_id_unique: 'external_id',
};

/** A unique index's violation as the field it keeps unique; anything else as it is. */
function takenOrThrown(error: unknown): never {
  for (const [index, field] of Object.entries(UNIQUE_FIELDS)) {
    if (isUniqueViolation(error, index))
      throw ValidationFailedError.single(field, messages.taken(field.replace('_', ' ')));
  }
  throw error;
}

@Injectable()
export class TypeormPersonRepository extends PersonRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  private readonly run = (statement: Statement) => readRows(this.db, statement.text, statement.values);

  /** The unique index decides, so two concurrent creates with one email cannot both succeed. */
  async add(person: Person): Promise<void> {
    try {
      await activeManager(this.db).getRepository(PersonRecord).insert(personMapper.toRecord(person));
    } catch (error) {
      takenOrThrown(error);
    }
  }

  /**
   * An email (any case), user name (any case) or external id changed to one another person of the organization has is
   * a ValidationFailedError.
   */
  async save(person: Person): Promise<void> {
    const { id, ...changes } = personMapper.toRecord(person);
    try {
      await activeManager(this.db).getRepository(PersonRecord).update({ id }, changes);
    } catch (error) {
      takenOrThrown(error);
    }
  }

  findById(id: string): Promise<Person | null> {
    return findRecordById(this.db, PersonRecord, id, personMapper.toDomain);
  }

  findInOrganization(organizationId: string, id: string): Promise<Person | null> {
    return readOne(this.db, PERSON_IN_ORGANIZATION_SQL, [id, organizationId], personFromRow);
  }

  async findManyInOrganization(organizationId: string, ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const records = await activeManager(this.db)
      .getRepository(PersonRecord)
      .findBy({ organizationId, id: In([...ids]) });
    return records.map(personMapper.toDomain);
  }

  page(organizationId: string, filter: PeopleFilter, request: PageRequest): Promise<Page<Person>> {
    return fetchPeoplePage(this.run, organizationId, filter, request.offset, request.perPage).then(
      ({ rows, total }) => ({
        items: rows.map(personMapper.fromRow),
        total,
      }),
    );
  }

  async memberPage(organizationId: string, groupId: string, request: PageRequest): Promise<Page<Person> | null> {
    const page = groupMembersOf(
      await this.run(groupMembersStatement(groupId, organizationId, request.offset, request.perPage)),
    );
    return page && { items: page.rows.map(personMapper.fromRow), total: page.total };
  }

  async findMatching(organizationId: string, id: string, filter: PeopleFilter): Promise<Person | null> {
    const record = await this.matching(organizationId, filter).andWhere('person.id = :id', { id }).getOne();
    return record ? personMapper.toDomain(record) : null;
  }

  /** Organization first, so no filter can reach another organization's rows; text filters as the list matches them. */
  private matching(organizationId: string, filter: PeopleFilter): SelectQueryBuilder<PersonRecord> {
    const query = activeManager(this.db)
      .getRepository(PersonRecord)
      .createQueryBuilder('person')
      .where('person.organization_id = :organizationId', { organizationId })
      .andWhere(filter.archived ? 'person.archived_at IS NOT NULL' : 'person.archived_at IS NULL');
    for (const { filter: name, condition } of PEOPLE_TEXT_FILTERS) {
      const value = filter[name];
      if (value !== undefined) query.andWhere(`person.${condition(`:${name}`)}`, { [name]: containsPattern(value) });
    }
    if (filter.externalId !== undefined) query.andWhere('person.external_id = :externalId', filter);
    return query;
  }
}
