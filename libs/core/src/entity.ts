/** A list is exposed read-only: a caller reads it, only the entity's methods change it. */
type ReadonlyField<T> = T extends (infer E)[] ? readonly E[] : T;

/** The props named by `K`, as read-only properties of the entity. */
export type ExposedProps<P, K extends keyof P> = { readonly [Q in K]: ReadonlyField<P[Q]> };

/** A shallow copy whose lists are copied too, so neither side can change the other's. */
function copyOf<P extends object>(props: P): P {
  const copy = { ...props };
  for (const key of Object.keys(copy) as (keyof P)[]) {
    const value = copy[key];
    if (Array.isArray(value)) copy[key] = [...value] as P[keyof P];
  }
  return copy;
}

/**
 * An entity made from a props object: its state lives in `props`, changed only by its methods. A
 * subclass's named constructors (`create`, `issue`...) apply its rules; `restore` and the constructor take a state
 * as stored and apply none. Both keep a copy, so the caller's object is never the entity's state.
 */
export abstract class Entity<P extends object> {
  protected readonly props: P;

  constructor(props: P) {
    this.props = copyOf(props);
  }

  /** A state as stored; no rule is applied (they were applied when it was made or changed). */
  static restore<P extends object, E extends Entity<P>>(this: new (props: P) => E, props: NoInfer<P>): E {
    return new this(props);
  }

  /** A frozen copy of the state, for the mappers and the presenters. */
  toSnapshot(): Readonly<P> {
    return Object.freeze(copyOf(this.props));
  }

  /**
   * A base class for an entity whose listed props read as properties (`person.email`), so no getter is written per
   * field. The getters are defined once, on the base's prototype; the key list is checked against the props type.
   *
   *     export class Person extends Entity.exposing<PersonProps>()('id', 'email') { ... }
   */
  static exposing<P extends object>() {
    return <K extends keyof P & string>(...keys: K[]) => {
      abstract class Exposing extends Entity<P> {}
      for (const key of keys) {
        Object.defineProperty(Exposing.prototype, key, {
          get(this: Exposing) {
            return this.props[key];
          },
          configurable: true,
        });
      }
      // The getters were added above, where the type system can't follow them: the key list is what it checks.
      return Exposing as Pick<typeof Entity, 'restore'> & (abstract new (props: P) => Entity<P> & ExposedProps<P, K>);
    };
  }
}

/**
 * Writes `next` into `props` when any of its values differs from the one there (compared with `===`), and only then
 * moves `updatedAt`. Answers whether anything changed.
 */
export function applyChanges<P extends { updatedAt: Date }>(props: P, next: Partial<P>, now: Date): boolean {
  const changed = (Object.keys(next) as (keyof P)[]).some((key) => next[key] !== props[key]);
  if (changed) Object.assign(props, next, { updatedAt: now });
  return changed;
}
