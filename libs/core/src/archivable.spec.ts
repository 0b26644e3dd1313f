import { archiveState, setArchived, unarchiveState } from './archivable';

describe('archival state', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));

  it('archives once: archiving again keeps the first date and updatedAt', () => {
    const state = { archivedAt: null as Date | null, updatedAt: day(1) };
    archiveState(state, day(2));
    archiveState(state, day(3));
    expect(state).toEqual({ archivedAt: day(2), updatedAt: day(2) });
  });

  it('restores an archived state, and leaves an active one as it is', () => {
    const state = { archivedAt: day(2) as Date | null, updatedAt: day(2) };
    unarchiveState(state, day(4));
    expect(state).toEqual({ archivedAt: null, updatedAt: day(4) });
    unarchiveState(state, day(5));
    expect(state).toEqual({ archivedAt: null, updatedAt: day(4) });
  });

  it('setArchived answers whether the entity changed', () => {
    const state = { archivedAt: null as Date | null, updatedAt: day(1) };
    const entity = {
      get isArchived() {
        return state.archivedAt !== null;
      },
      archive: (now: Date) => archiveState(state, now),
      restore: (now: Date) => unarchiveState(state, now),
    };
    expect(setArchived(entity, false, day(2))).toBe(false);
    expect(setArchived(entity, true, day(2))).toBe(true);
    expect(setArchived(entity, true, day(3))).toBe(false);
    expect(state.archivedAt).toEqual(day(2));
    expect(setArchived(entity, false, day(4))).toBe(true);
    expect(state).toEqual({ archivedAt: null, updatedAt: day(4) });
  });
});
