import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { OrganizationRepository } from '../application/organization.repository';
import type { Organization } from '../domain/organization';
import { organizationMapper } from './identity.mapper';
import { OrganizationRecord } from './organization.record';

@Injectable()
export class TypeormOrganizationRepository extends OrganizationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async save(organization: Organization): Promise<void> {
    await activeManager(this.db).getRepository(OrganizationRecord).save(organizationMapper.toRecord(organization));
  }

  async findById(id: string): Promise<Organization | null> {
    const record = await activeManager(this.db).getRepository(OrganizationRecord).findOneBy({ id });
    return record ? organizationMapper.toDomain(record) : null;
  }
}
