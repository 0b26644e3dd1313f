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
