import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentListingRepository, DocumentsFilter } from './document-listing.repository';

/** A page of an organization's documents by name, each with its attestation counts. */
@Injectable()
export class ListDocuments {
  constructor(
    private readonly listings: DocumentListingRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: {
    organizationId: string;
    filter: DocumentsFilter;
    page: PageRequest;
  }): Promise<Page<DocumentListing>> {
    return this.listings.page(input.organizationId, input.filter, input.page, this.clock.now());
  }
}
