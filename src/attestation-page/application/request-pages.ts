import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { UnitOfWork } from '../../database/unit-of-work';
import { pageStateOf } from '../domain/page-state';
import type { AttestationPage } from './attestation-page';
import { AttestationPageContent } from './attestation-page-content';
import type { UnchangedOutcome } from './form-outcome';
import { expireIfOverdue, lockRequestOfPage, PageKey } from './page-request';
import { SigningLinks } from './signing-links';

/** What an act of the page does on it, at `now`. */
type PageAct<T> = (page: AttestationPage, now: Date) => Promise<T>;

/**
 * Where every act of the page starts (opening it, signing, declining): one transaction on the page of the request a
 * key names, the request locked until it ends. A page found past its expiry expires its request now.
 */
@Injectable()
export class RequestPages {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly content: AttestationPageContent,
    private readonly links: SigningLinks,
    private readonly clock: Clock,
  ) {}

  open<T>(key: PageKey, act: PageAct<T>): Promise<T> {
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const request = await lockRequestOfPage(this.requests, this.links, key, now);
      const state = pageStateOf(request, now);
      await expireIfOverdue(this.requests, request, state, now);
      return act({ state, request, ...(await this.content.find(request)) }, now);
    });
  }

  /** A submitted form changes nothing on a request no longer open, nor when it did not come from its page. */
  receive<T>(input: { page: PageKey; formIsGenuine: boolean }, act: PageAct<T>): Promise<T | UnchangedOutcome> {
    return this.open(input.page, async (page, now): Promise<T | UnchangedOutcome> => {
      if (page.state !== 'open') return { outcome: 'closed', page };
      if (!input.formIsGenuine) return { outcome: 'forged', page };
      return act(page, now);
    });
  }
}
