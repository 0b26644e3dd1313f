import { Injectable } from '@nestjs/common';
import { TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { OrganizationRepository } from '../application/organization.repository';
import { organizationMapper } from './identity.mapper';
import { OrganizationRecord } from './organization.record';

@Injectable()
export class TypeormOrganizationRepository
  extends TypeormRecordRepository(OrganizationRecord, organizationMapper)
  implements OrganizationRepository {}
