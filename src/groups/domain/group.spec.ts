import { ValidationFailedError } from '@lib/core';
import { Group } from './group';

describe('Group', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');

  it('is created with a trimmed name, without automatic issuance unless asked', () => {
    expect(Group.create({ organizationId: 'o', name: ' Sales ', now })).toMatchObject({
      name: 'Sales',
      autoIssueRequests: false,
      createdAt: now,
    });
    expect(Group.create({ organizationId: 'o', name: 'Sales', autoIssueRequests: true, now }).autoIssueRequests).toBe(
      true,
    );
  });

  it('refuses an empty or over-long name', () => {
    expect(() => Group.create({ organizationId: 'o', name: ' ', now })).toThrow(ValidationFailedError);
    expect(() => Group.create({ organizationId: 'o', name: 'g'.repeat(256), now })).toThrow(ValidationFailedError);
  });
});
