import { OrganizationRepository } from '../../identity/application/organization-scope';
import type { Page, PageRequest } from '@lib/http';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';

/**
 * An organization that had no endpoint starts having its events fanned out from the transaction that `add`s its
 * first: events written before are not delivered to it.
 */
export abstract class WebhookEndpointRepository extends OrganizationRepository<WebhookEndpoint> {
  /**
   * Serialises the creations of one organization until the transaction ends, so two concurrent creations cannot
   * both pass the limit of endpoints; answers how many it has.
   */
  abstract countForCreation(organizationId: string): Promise<number>;
  /** Removes it with its delivery log; answers whether it existed in the organization. */
  abstract remove(organizationId: string, id: string): Promise<boolean>;
  /** One page, ordered by created_at then id. */
  abstract page(organizationId: string, request: PageRequest): Promise<Page<WebhookEndpoint>>;
  /** A delivery to the endpoint succeeded: its failures, if any, are forgotten. */
  abstract recordSuccess(id: string): Promise<void>;
  /**
   * Deliveries to the endpoint failed, the first at `firstAt`, the last at `lastAt`; `restartAt` is the first of
   * them after a success recorded with them (the clock starts afresh there), null when none succeeded. It is failing
   * since its first failure after its last success, and is disabled once that is `disableAfterMs` before `lastAt`.
   * Answers whether these failures disabled it.
   */
  abstract recordFailures(
    id: string,
    failures: { restartAt: Date | null; firstAt: Date; lastAt: Date },
    disableAfterMs: number,
  ): Promise<boolean>;
}
