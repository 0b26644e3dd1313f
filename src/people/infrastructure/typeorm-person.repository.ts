import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import {
  containsPattern,
  fetchPage,
  isUniqueViolation,
  messages,
  Page,
  PageRequest,
  ValidationFailedError,
} from '@lib/common';
import { PeopleFilter, PersonRepository } from '../application/person.repository';
import type { Person } from '../domain/person';
import { personMapper } from './person.mapper';
import { PersonRecord } from './person.record';

const EMAIL_UNIQUE_INDEX = 'people_email_unique';

@Injectable()
export class TypeormPersonRepository extends PersonRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  /** The unique index decides, so two concurrent creates with one email cannot both succeed. */
  async add(person: Person): Promise<void> {
    try {
      await activeManager(this.db).getRepository(PersonRecord).insert(personMapper.toRecord(person));
    } catch (error) {
      if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX))
        throw ValidationFailedError.single('email', messages.taken('email'));
      throw error;
    }
  }

  async save(person: Person): Promise<void> {
    const { id, ...changes } = personMapper.toRecord(person);
    await activeManager(this.db).getRepository(PersonRecord).update({ id }, changes);
  }

  async findById(id: string): Promise<Person | null> {
    const record = await activeManager(this.db).getRepository(PersonRecord).findOneBy({ id });
    return record ? personMapper.toDomain(record) : null;
  }

  async findInOrganization(organizationId: string, id: string): Promise<Person | null> {
    const record = await activeManager(this.db).getRepository(PersonRecord).findOneBy({ organizationId, id });
    return record ? personMapper.toDomain(record) : null;
  }

  async findManyInOrganization(organizationId: string, ids: readonly string[]): Promise<Person[]> {
    if (ids.length === 0) return [];
    const records = await activeManager(this.db).getRepository(PersonRecord).findBy({ organizationId, id: In([...ids]) });
    return records.map(personMapper.toDomain);
  }

  page(organizationId: string, filter: PeopleFilter, request: PageRequest): Promise<Page<Person>> {
    return fetchPage(
      request,
      // count(*), not TypeORM's getCount(): its COUNT(DISTINCT id) would sort every matching row.
      async () =>
        (await this.matching(organizationId, filter).select('COUNT(*)::int', 'total').getRawOne<{ total: number }>())
          ?.total ?? 0,
      async (offset, limit) => {
        // Ids first, then their rows: a deep page walks its offset in people_active alone (an index-only scan,
        // as the index holds created_at and id) and reads only the page's own rows from the table.
        const ids = await this.matching(organizationId, filter)
          .select('person.id', 'id')
          .orderBy('person.created_at', 'ASC')
          .addOrderBy('person.id', 'ASC')
          .offset(offset)
          .limit(limit)
          .getRawMany<{ id: string }>();
        if (ids.length === 0) return [];
        const records = await activeManager(this.db).getRepository(PersonRecord).findBy({ id: In(ids.map((row) => row.id)) });
        const byId = new Map(records.map((record) => [record.id, record]));
        return ids.flatMap(({ id }) => {
          const record = byId.get(id);
          return record ? [personMapper.toDomain(record)] : [];
        });
      },
    );
  }

  async findMatching(organizationId: string, id: string, filter: PeopleFilter): Promise<Person | null> {
    const record = await this.matching(organizationId, filter).andWhere('person.id = :id', { id }).getOne();
    return record ? personMapper.toDomain(record) : null;
  }

  /** Organization first, so no filter can reach another organization's rows; text filters use the trigram indexes. */
  private matching(organizationId: string, filter: PeopleFilter): SelectQueryBuilder<PersonRecord> {
    const query = activeManager(this.db)
      .getRepository(PersonRecord)
      .createQueryBuilder('person')
      .where('person.organization_id = :organizationId', { organizationId })
      .andWhere(filter.archived ? 'person.archived_at IS NOT NULL' : 'person.archived_at IS NULL');
    if (filter.name !== undefined)
      query.andWhere('person.full_name ILIKE :name', { name: containsPattern(filter.name) });
    if (filter.email !== undefined)
      query.andWhere('person.email ILIKE :email', { email: containsPattern(filter.email) });
    if (filter.phone !== undefined)
      query.andWhere('person.phone LIKE :phone', { phone: containsPattern(filter.phone) });
    return query;
  }
}
