/** The base of a port that stores entities of one kind: saves one (insert or update) and finds one by id. */
export abstract class StoredEntities<T> {
  abstract save(entity: T): Promise<void>;
  abstract findById(id: string): Promise<T | null>;
}
