import { Injectable } from '@nestjs/common';
import { DocumentArchival } from './document-archival';

/** Brings an archived document back: listed again, and requests can be sent for it. */
@Injectable()
export class RestoreDocument extends DocumentArchival {
  protected readonly archived = false;
}
