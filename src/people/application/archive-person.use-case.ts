import { Injectable } from '@nestjs/common';
import { PersonArchival } from './person-archival';

/**
 * Archives a person: they leave the default lists and can no longer be added to groups. Memberships, assignments
 * and requests stay as they are.
 */
@Injectable()
export class ArchivePerson extends PersonArchival {
  protected readonly archived = true;
}
