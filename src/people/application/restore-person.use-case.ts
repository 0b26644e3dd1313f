import { Injectable } from '@nestjs/common';
import { PersonArchival } from './person-archival';

/**
 * Brings an archived person back: they are listed again and can be added to groups. Their memberships,
 * assignments and requests are those they had.
 */
@Injectable()
export class RestorePerson extends PersonArchival {
  protected readonly archived = false;
}
