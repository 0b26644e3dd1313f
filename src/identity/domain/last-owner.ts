import { ValidationFailedError } from '@lib/core';
import type { Role } from './role';

/**
 * An organization always keeps an owner: its last one can be neither removed nor given another role.
 * `newRole` null means the member is removed.
 */
export function assertAnOwnerRemains(owners: readonly string[], userId: string, newRole: Role | null): void {
  if (newRole === 'owner' || !owners.includes(userId) || owners.length > 1) return;
  throw ValidationFailedError.single(
    newRole === null ? 'user_id' : 'role',
    'The last owner can be neither removed nor given another role.',
  );
}
