import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { UnitOfWork } from '../../database/unit-of-work';
import { pageStateOf } from '../domain/page-state';
import { AttestationPageContent } from './attestation-page-content';
import type { AttestationPage } from './attestation-page';
import { expireIfOverdue, lockRequestOfPage, PageKey } from './page-request';
import { SigningLinks } from './signing-links';

/**
 * The recipient opens the link in their email. The first open of a sent request marks it `viewed`; a request past
 * its expiry is expired now rather than at the next sweep. An unknown, altered or shortened token is not found.
 */
@Injectable()
export class OpenAttestationPage {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly content: AttestationPageContent,
    private readonly links: SigningLinks,
    private readonly clock: Clock,
  ) {}

  /** `recordView` is false for a HEAD request: link checkers and mail scanners do not count as the recipient. */
  async execute(input: { page: PageKey; recordView?: boolean }): Promise<AttestationPage> {
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const request = await lockRequestOfPage(this.requests, this.links, input.page, now);
      const state = pageStateOf(request, now);
      if (state === 'open' && request.status === 'sent' && input.recordView !== false) {
        request.markViewed(now);
        await this.requests.save(request);
      }
      await expireIfOverdue(this.requests, request, state, now);
      return { state, request, ...(await this.content.find(request)) };
    });
  }
}
