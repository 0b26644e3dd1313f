import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import { DocumentListingRepository } from '../../documents/application/document-listing.repository';
import type { DocumentListing } from '../../documents/domain/document-listing';

/**
 * A page of a group's documents (archived ones included) by name, each with its attestation counts. The page's
 * read checks the group is the organization's: no lookup of the group before it.
 */
@Injectable()
export class ListGroupDocuments {
  constructor(
    private readonly listings: DocumentListingRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { organizationId: string; groupId: string; page: PageRequest }): Promise<Page<DocumentListing>> {
    const groupId = input.groupId.toLowerCase();
    const page = await this.listings.groupPage(input.organizationId, groupId, input.page, this.clock.now());
    if (!page) throw new NotFoundError('Group not found.');
    return page;
  }
}
