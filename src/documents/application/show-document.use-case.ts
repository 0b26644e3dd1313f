import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import type { DocumentListing } from '../domain/document-listing';
import { DocumentListingRepository } from './document-listing.repository';

/** One document as the lists show it, counts included. */
@Injectable()
export class ShowDocument {
  constructor(
    private readonly listings: DocumentListingRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { documentId: string }): Promise<DocumentListing> {
    const listing = await this.listings.find(input.documentId.toLowerCase(), this.clock.now());
    if (!listing) throw new NotFoundError('Document not found.');
    return listing;
  }
}
