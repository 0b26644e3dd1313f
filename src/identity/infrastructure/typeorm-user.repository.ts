import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { TypeormRecordRepository } from '../../database/typeorm-record-repository';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { OrganizationMembership, UserRepository } from '../application/user.repository';
import type { User } from '../domain/user';
import { OrganizationRecord } from './organization.record';
import { membershipMapper, userMapper } from './identity.mapper';
import { OrganizationMembershipRecord } from './organization-membership.record';
import { UserRecord } from './user.record';

@Injectable()
export class TypeormUserRepository extends TypeormRecordRepository(UserRecord, userMapper) implements UserRepository {
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

  async membershipsOfUser(userId: string): Promise<(OrganizationMembership & { organizationName: string })[]> {
    const rows: (OrganizationMembershipRecord & { organization_name: string })[] = await activeManager(this.db)
      .getRepository(OrganizationMembershipRecord)
      .createQueryBuilder('m')
      .innerJoin(OrganizationRecord, 'o', 'o.id = m.organization_id')
      .where('m.user_id = :userId', { userId })
      .select(['m.organization_id AS "organizationId"', 'm.user_id AS "userId"', 'm.role AS role'])
      .addSelect(['m.created_at AS "createdAt"', 'm.updated_at AS "updatedAt"', 'o.name AS organization_name'])
      .orderBy('o.name')
      .addOrderBy('o.id')
      .getRawMany();
    return rows.map((row) => ({
      ...membershipMapper.toDomain(Object.assign(new OrganizationMembershipRecord(), row)),
      organizationName: row.organization_name,
    }));
  }

  async membersOf(organizationId: string): Promise<(OrganizationMembership & { user: User })[]> {
    const manager = activeManager(this.db);
    const memberships = await manager.getRepository(OrganizationMembershipRecord).findBy({ organizationId });
    if (memberships.length === 0) return [];
    const users = await manager.getRepository(UserRecord).findBy({ id: In(memberships.map((m) => m.userId)) });
    const byId = new Map(users.map((u) => [u.id, userMapper.toDomain(u)]));
    return memberships
      .map((m) => ({ ...membershipMapper.toDomain(m), user: byId.get(m.userId)! }))
      .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.userId.localeCompare(b.userId));
  }

  async removeMembership(organizationId: string, userId: string): Promise<void> {
    await activeManager(this.db).getRepository(OrganizationMembershipRecord).delete({ organizationId, userId });
  }

  async lockOwners(organizationId: string): Promise<string[]> {
    const rows: { user_id: string }[] = await activeManager(this.db).query(
      `SELECT user_id FROM organization_memberships WHERE organization_id = $1 AND role = 'owner' FOR UPDATE`,
      [organizationId],
    );
    return rows.map((row) => row.user_id);
  }
}
