import type { ConsoleLink } from '../domain/console-link';

export abstract class ConsoleLinkRepository {
  abstract save(link: ConsoleLink): Promise<void>;
  /** The link, locked until the transaction ends, so two tabs cannot both use it. */
  abstract lockByHash(tokenHash: string): Promise<ConsoleLink | null>;
  /** Read by the worker that writes its email, for every organization (hence "for delivery"). */
  abstract findForDelivery(id: string): Promise<ConsoleLink | null>;
}
