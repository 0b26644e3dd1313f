import { Injectable } from '@nestjs/common';
import {
  AnnouncedRequest,
  AnnouncedRequests,
  DeliveryProblem,
} from '../../notifications/application/announced-requests';
import { AttestationLinks } from '../application/attestation-links';
import { AttestationRequestRepository } from '../application/attestation-request.repository';

/**
 * The requests' side of the notifications port: what an email shows, where the page is, and what a delivery
 * outcome does to the requests. Outcomes are applied to the requests as they are now, locked: they were read
 * unlocked before the SMTP exchange (locking them across it would hold the recipient's signature up), and may
 * have been signed or canceled since.
 */
@Injectable()
export class RequestsForDelivery extends AnnouncedRequests {
  constructor(
    private readonly requests: AttestationRequestRepository,
    private readonly links: AttestationLinks,
  ) {
    super();
  }

  async findOpenForDelivery(ids: readonly string[]): Promise<AnnouncedRequest[]> {
    return (await this.requests.findForDelivery(ids)).filter((request) => request.isOpen);
  }

  pageUrlFor(requestId: string): string {
    return this.links.pageUrlFor(requestId);
  }

  async recordDelivery(ids: readonly string[], now: Date): Promise<void> {
    for (const request of await this.requests.lockForDelivery(ids)) {
      if (!request.hasDeliveryProblem) continue;
      request.markSent(now);
      await this.requests.save(request);
    }
  }

  async recordDeliveryProblem(ids: readonly string[], problem: DeliveryProblem, now: Date): Promise<void> {
    for (const request of await this.requests.lockForDelivery(ids)) {
      if (!request.canMoveTo(problem)) continue;
      request.reportDeliveryProblem(problem, now);
      await this.requests.save(request);
    }
  }
}
