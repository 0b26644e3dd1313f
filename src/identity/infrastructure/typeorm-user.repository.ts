import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { OrganizationMembership, UserRepository } from '../application/user.repository';
import type { User } from '../domain/user';
import { membershipMapper, userMapper } from './identity.mapper';
import { OrganizationMembershipRecord } from './organization-membership.record';
import { UserRecord } from './user.record';

@Injectable()
export class TypeormUserRepository extends TypeormRecordRepository<User, UserRecord> implements UserRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db, UserRecord, userMapper);
  }

  async findByEmail(email: string): Promise<User | null> {
    const record = await activeManager(this.db)
      .getRepository(UserRecord)
      .createQueryBuilder('user')
      .where('lower(user.email) = lower(:email)', { email })
      .getOne();
    return record ? userMapper.toDomain(record) : null;
  }

  async saveMembership(membership: OrganizationMembership): Promise<void> {
    await activeManager(this.db)
      .getRepository(OrganizationMembershipRecord)
      .save(membershipMapper.toRecord(membership));
  }

  async findMembership(organizationId: string, userId: string): Promise<OrganizationMembership | null> {
    const record = await activeManager(this.db)
      .getRepository(OrganizationMembershipRecord)
      .findOneBy({ organizationId, userId });
    return record ? membershipMapper.toDomain(record) : null;
  }
}
