import { User } from './user';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('User', () => {
  it('is created with a trimmed name and email', () => {
    const user = User.create({ name: ' Ada ', email: ' ada@example.test ', now });
    expect(user).toMatchObject({ name: 'Ada', email: 'ada@example.test', createdAt: now, updatedAt: now });
    expect(user.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
  });
});
