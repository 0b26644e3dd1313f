import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';
import { inBatches } from './batched-pass';
import { groupByPerson } from './group-by-person';
import { RequestIssuer, RequestOrder } from './request-issuer';
import { RequestTargets } from './request-targets';

const LIMITS = { batchSize: 200, maxBatches: 20 };

export interface RenewalsIssued {
  /** The new requests. */
  requestIds: string[];
}

/**
 * The scheduled renewal pass. When a person's signature of a document with `auto_renew` falls due (attested_at
 * plus renewal_interval_days has passed) and nothing was issued to them for that document since, a new request
 * (source `system`) for the document's latest revision is issued and emailed; one email per person lists all of
 * their renewals. Each person's renewals are decided again under the (document, person) locks that every issuer
 * takes, so two workers, or a renewal racing an API call, never issue two requests.
 */
@Injectable()
export class RenewDueAttestations {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly targets: RequestTargets,
    private readonly issuer: RequestIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RenewalsIssued> {
    const requestIds = await inBatches(LIMITS, async () => {
      const due = await this.requests.findDueRenewalsAcrossOrganizations({
        now: this.clock.now(),
        limit: LIMITS.batchSize,
      });
      const renewed: string[] = [];
      for (const attested of groupByPerson(due))
        renewed.push(...(await this.unitOfWork.run(() => this.renew(attested))));
      return { taken: due.length, requestIds: renewed };
    });
    return { requestIds };
  }

  /** Renews one person's due signatures, re-checked under lock; answers the new requests' ids (none when another issuer got there first). */
  private async renew(attested: AttestationRequest[]): Promise<string[]> {
    const now = this.clock.now();
    const { organizationId, personId } = attested[0];
    const recipient = await this.targets.findRecipient(organizationId, personId);
    if (!recipient || recipient.archived) return [];
    const orders: RequestOrder[] = [];
    for (const previous of attested) {
      // Waits for any concurrent issuer of this document to this person, then looks again.
      if (await this.requests.lockOpenRequest(organizationId, previous.documentId, personId)) continue;
      if ((await this.requests.findLatest(organizationId, previous.documentId, personId))?.id !== previous.id) continue;
      const document = await this.targets.findDocument(organizationId, previous.documentId);
      if (!document?.isRequestable) continue;
      orders.push({
        organizationId,
        documentId: document.id,
        documentRevisionId: document.latestRevisionId!,
        personId,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        source: 'system',
      });
    }
    // The locks above are held: nothing is open for these, so `skip` skips nothing and adds them in one statement.
    const renewals = await this.issuer.issue(orders, { announceAs: 'renewal', whenOpen: 'skip', now });
    return renewals.map((request) => request.id);
  }
}
