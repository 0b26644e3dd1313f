import { Injectable } from '@nestjs/common';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import type { AttestationPage } from './attestation-page';
import type { PageKey } from './page-request';
import { RequestPages } from './request-pages';

/**
 * The recipient opens the link in their email. The first open of a sent request marks it `viewed`; a request past
 * its expiry is expired now rather than at the next sweep. An unknown, altered or shortened token is not found.
 */
@Injectable()
export class OpenAttestationPage {
  constructor(
    private readonly pages: RequestPages,
    private readonly requests: AttestationRequestRepository,
  ) {}

  /** `recordView` is false for a HEAD request: link checkers and mail scanners do not count as the recipient. */
  async execute(input: { page: PageKey; recordView?: boolean }): Promise<AttestationPage> {
    return this.pages.open(input.page, async (page, now) => {
      const { request } = page;
      if (page.state === 'open' && request.status === 'sent' && input.recordView !== false) {
        request.markViewed(now);
        await this.requests.save(request);
      }
      return page;
    });
  }
}
