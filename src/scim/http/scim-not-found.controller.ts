import { All } from '@nestjs/common';
import { ScimError } from '../domain/scim-error';
import { ScimController } from './scim-base';

/** Any other path under /scim/v2 (bulk, /Me, a typo): SCIM's 404, not the API's. Registered after the others. */
@ScimController('')
export class ScimNotFoundController {
  @All('{*rest}')
  notFound(): never {
    throw ScimError.notFound('No such endpoint.');
  }
}
