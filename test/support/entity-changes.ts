import type { Archivable } from '@lib/core';
import { TEST_NOW } from './builders';

/** An entity that takes changes (`person.update(changes, now)`), answering whether anything changed. */
interface Updatable<C> {
  update(changes: C, now: Date): boolean;
  toSnapshot(): object;
}

/** A day after the builders' creation time, so that a moved updatedAt shows. */
const later = new Date(TEST_NOW.getTime() + 86_400_000);

/**
 * What every entity's `update` keeps: changes equal to what it holds, once trimmed and normalised as `create` would,
 * answer false and leave it as it was (its updatedAt too); each change alone answers true, sets what it says (as
 * `create` would normalise it) and nothing else, and moves updatedAt.
 */
export function itUpdatesOnlyWhatChanges<C>(
  entity: () => Updatable<C>,
  cases: { unchanged: C[]; each: [changes: C, expected: object][] },
): void {
  it('answers false and keeps updatedAt when nothing changes', () => {
    for (const changes of cases.unchanged) {
      const updated = entity();
      const before = updated.toSnapshot();
      expect(updated.update(changes, later)).toBe(false);
      expect(updated.toSnapshot()).toEqual(before);
    }
  });

  it.each(cases.each)('changes %j alone, and moves updatedAt', (changes, expected) => {
    const updated = entity();
    const before = updated.toSnapshot();
    expect(updated.update(changes, later)).toBe(true);
    expect(updated.toSnapshot()).toEqual({ ...before, ...expected, updatedAt: later });
  });
}

/** An archivable entity (the kernel's `Archivable`), built active or archived (`archivedAt`). */
interface ArchivableEntity extends Archivable {
  readonly archivedAt: Date | null;
  toSnapshot(): object;
}

/**
 * What every archivable entity keeps: archiving stamps archivedAt and updatedAt once (archiving again keeps the
 * first date); restoring clears archivedAt and moves updatedAt; restoring an active one changes nothing.
 */
export function itArchivesOnceAndRestores(entity: (input?: { archivedAt: Date }) => ArchivableEntity): void {
  it('stamps archivedAt and updatedAt when archived, not when archived again', () => {
    const archived = entity();
    archived.archive(later);
    archived.archive(new Date(later.getTime() + 1000));
    expect(archived).toMatchObject({ archivedAt: later, updatedAt: later, isArchived: true });
  });

  it('restores an archived one and leaves an active one as it is', () => {
    const archived = entity({ archivedAt: TEST_NOW });
    expect(archived.isArchived).toBe(true);
    archived.restore(later);
    expect(archived).toMatchObject({ archivedAt: null, updatedAt: later, isArchived: false });
    const active = entity();
    const before = active.toSnapshot();
    active.restore(later);
    expect(active.toSnapshot()).toEqual(before);
  });
}
