import { assertAnOwnerRemains } from './last-owner';

describe('assertAnOwnerRemains', () => {
  it('refuses to remove or demote the last owner, and allows everything else', () => {
    expect(() => assertAnOwnerRemains(['a'], 'a', null)).toThrow(/last owner/);
    expect(() => assertAnOwnerRemains(['a'], 'a', 'administrator')).toThrow(/last owner/);
    expect(() => assertAnOwnerRemains(['a'], 'a', 'owner')).not.toThrow();
    expect(() => assertAnOwnerRemains(['a', 'b'], 'a', null)).not.toThrow();
    expect(() => assertAnOwnerRemains(['a'], 'c', null)).not.toThrow();
  });
});
