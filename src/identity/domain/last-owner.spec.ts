import { assertAnOwnerRemains } from './last-owner';

describe('assertAnOwnerRemains', () => {
  it('refuses to remove or demote the last owner, and allows everything else', () => {
    expect(() => assertAnOwnerRemains(['a'], 'a', null)).toThrow(/last owner/);
    expect(() => assertAnOwnerRemains(['a'], 'a', 'administrator')).toThrow(/last owner/);
    expect(() => assertAnOwnerRemains(['a'], 'a', 'owner')).not.toThrow();
    expect(() => assertAnOwnerRemains(['a', 'b'], 'a', null)).not.toThrow();
    expect(() => assertAnOwnerRemains(['a'], 'c', null)).not.toThrow();
  });

  it('names the field the request changed: the member removed, or the role given', () => {
    const message = 'The last owner can be neither removed nor given another role.';
    expect(() => assertAnOwnerRemains(['a'], 'a', null)).toThrow(
      expect.objectContaining({ errors: { user_id: [message] } }),
    );
    expect(() => assertAnOwnerRemains(['a'], 'a', 'group_manager')).toThrow(
      expect.objectContaining({ errors: { role: [message] } }),
    );
  });
});
