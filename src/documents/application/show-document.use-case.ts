import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentListingRepository } from './document-listing.repository';
import type { DocumentReference } from './document-scope';

/** One document as the lists show it, counts included, archived or not. */
@Injectable()
export class ShowDocument {
  constructor(
    private readonly listings: DocumentListingRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: DocumentReference): Promise<DocumentListing> {
    const listing = await this.listings.find(input.documentId.toLowerCase(), this.clock.now(), input.organizationId);
    if (!listing) throw new NotFoundError('Document not found.');
    return listing;
  }
}
