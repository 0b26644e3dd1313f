/** What every entity `create` makes has: a new lowercase ULID, and a snapshot frozen against its readers. */
export function expectNewEntity(entity: { id: string; toSnapshot(): object }): void {
  expect(entity.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
  expect(Object.isFrozen(entity.toSnapshot())).toBe(true);
}
