import { hasFullApiAccess, isRole, ROLES } from './role';

describe('roles', () => {
  it('give owners and administrators every endpoint, group managers only GET /me', () => {
    expect(hasFullApiAccess('owner')).toBe(true);
    expect(hasFullApiAccess('administrator')).toBe(true);
    expect(hasFullApiAccess('group_manager')).toBe(false);
    expect(ROLES.every(isRole)).toBe(true);
    expect(['Owner', 'admin', '', null, 3].some(isRole)).toBe(false);
  });
});
