/** An entity that can be archived and brought back (people, documents). */
export interface Archivable {
  readonly isArchived: boolean;
  archive(now: Date): void;
  restore(now: Date): void;
}

/** Archives or restores `entity`; answers whether it changed (asking for the state it is in changes nothing). */
export function setArchived(entity: Archivable, archived: boolean, now: Date): boolean {
  if (entity.isArchived === archived) return false;
  if (archived) entity.archive(now);
  else entity.restore(now);
  return true;
}

/** What an archivable entity stores about it. */
export interface ArchivalState {
  archivedAt: Date | null;
  updatedAt: Date;
}

/** Archives `state` at `now`; archiving twice keeps the first date. */
export function archiveState(state: ArchivalState, now: Date): void {
  if (state.archivedAt !== null) return;
  state.archivedAt = now;
  state.updatedAt = now;
}

/** Brings `state` back among the active ones; restoring an active one changes nothing. */
export function unarchiveState(state: ArchivalState, now: Date): void {
  if (state.archivedAt === null) return;
  state.archivedAt = null;
  state.updatedAt = now;
}
