import { Injectable } from '@nestjs/common';
import { DocumentArchival } from './document-archival';

/**
 * Archives a document: it leaves the default list and no new request can be sent for it; its requests,
 * attestations, assignments and groups stay.
 */
@Injectable()
export class ArchiveDocument extends DocumentArchival {
  protected readonly archived = true;
}
