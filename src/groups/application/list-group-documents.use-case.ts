import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import { DocumentListingRepository } from '../../documents/application/document-listing.repository';
import type { DocumentListing } from '../../documents/domain/document-listing';
import { findGroup } from './group-scope';
import { GroupRepository } from './group.repository';

/** A page of a group's documents (archived ones included) by name, each with its attestation counts. */
@Injectable()
export class ListGroupDocuments {
  constructor(
    private readonly groups: GroupRepository,
    private readonly listings: DocumentListingRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { organizationId: string; groupId: string; page: PageRequest }): Promise<Page<DocumentListing>> {
    const group = await findGroup(this.groups, input);
    return this.listings.groupPage(group.organizationId, group.id, input.page, this.clock.now());
  }
}
