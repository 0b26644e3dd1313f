import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { OrganizationRepository } from '../application/organization.repository';
import type { Organization } from '../domain/organization';
import { organizationMapper } from './identity.mapper';
import { OrganizationRecord } from './organization.record';

@Injectable()
export class TypeormOrganizationRepository
  extends TypeormRecordRepository<Organization, OrganizationRecord>
  implements OrganizationRepository
{
  constructor(@InjectDataSource() db: DataSource) {
    super(db, OrganizationRecord, organizationMapper);
  }
}
