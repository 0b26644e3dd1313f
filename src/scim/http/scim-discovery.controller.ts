import { Get, Param } from '@nestjs/common';
import { ScimError } from '../domain/scim-error';
import { ScimAddress, ScimController } from './scim-base';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { listResponse } from './scim-presenters';

/** What an identity provider reads first: what this service supports, its resource types and their schemas. */
@ScimController('')
export class ScimDiscoveryController {
  constructor(private readonly address: ScimAddress) {}

  @Get('ServiceProviderConfig')
  serviceProviderConfig() {
    return serviceProviderConfig(this.address.baseUrl);
  }

  @Get(['ResourceTypes', 'ResourceTypes/:id'])
  resourceTypes(@Param('id') id?: string) {
    return listOrOne(resourceTypes(this.address.baseUrl), id);
  }

  @Get(['Schemas', 'Schemas/:id'])
  schemas(@Param('id') id?: string) {
    return listOrOne(schemas(this.address.baseUrl), id);
  }
}

/** A catalogue: whole as a list response, or one entry by its id (compared case-insensitively). */
function listOrOne<T extends { id: string }>(items: T[], id: string | undefined) {
  if (id === undefined) return listResponse(items.length, 1, items);
  const found = items.find((item) => item.id.toLowerCase() === id.toLowerCase());
  if (!found) throw ScimError.notFound();
  return found;
}
