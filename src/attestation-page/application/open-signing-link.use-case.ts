import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { hashAttestationToken } from '../../attestation-requests/domain/attestation-link';
import { UnitOfWork } from '../../database/unit-of-work';
import { isWellFormedPageToken } from '../domain/page-state';
import type { SigningLinkRefusal } from '../domain/signing-link';
import { AttestationPageContent } from './attestation-page-content';
import { SigningLinks } from './signing-links';

export type SigningLinkOutcome =
  /** The link's one load: its session (named by the link's id) is open in this browser from now on. */
  | { outcome: 'opened'; linkId: string }
  /** Expired or used already; the organization's frame origins, so the refusal shows where the page would. */
  | {
      outcome: 'refused';
      reason: SigningLinkRefusal;
      organizationName: string;
      frameOrigins: readonly string[];
      /** The recipient's language, for the page that says why. */
      locale: string;
    };

/**
 * A signing URL is opened: the first load within its 10 minutes uses it (locked, so two loads racing get one
 * session between them); any later load, or one after the 10 minutes, is refused. An unknown token is not found.
 */
@Injectable()
export class OpenSigningLink {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly links: SigningLinks,
    private readonly requests: AttestationRequestRepository,
    private readonly content: AttestationPageContent,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string }): Promise<SigningLinkOutcome> {
    return this.unitOfWork.run(async () => {
      const link = isWellFormedPageToken(input.token)
        ? await this.links.lockByTokenHashAcrossOrganizations(hashAttestationToken(input.token))
        : null;
      if (!link) throw new NotFoundError('This link is not valid.');
      const now = this.clock.now();
      const reason = link.refusal(now);
      if (reason !== null) {
        const request = await this.requests.findAcrossOrganizations(link.attestationRequestId);
        if (!request) throw new NotFoundError('This link is not valid.');
        const { organizationName, frameOrigins, locale } = await this.content.find(request);
        return { outcome: 'refused', reason, organizationName, frameOrigins, locale };
      }
      link.use(now);
      await this.links.save(link);
      return { outcome: 'opened', linkId: link.id };
    });
  }
}
