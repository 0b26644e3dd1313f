import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '@lib/http';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestListing, AttestationRequestsFilter } from './attestation-request-listing';

/** A page of an organization's attestation requests, oldest first. */
@Injectable()
export class ListAttestationRequests {
  constructor(private readonly listing: AttestationRequestListing) {}

  execute(input: {
    organizationId: string;
    filter: AttestationRequestsFilter;
    page: PageRequest;
  }): Promise<Page<AttestationRequest>> {
    return this.listing.page(input.organizationId, input.filter, input.page);
  }
}
