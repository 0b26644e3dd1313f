import { Get, Param } from '@nestjs/common';
import { ScimError } from '../domain/scim-error';
import { ScimAddress, ScimAnswer, ScimController } from './scim-base';
import { resourceTypes, schemas, serviceProviderConfig } from './scim-discovery';
import { listResponse } from './scim-presenters';

/** What an identity provider reads first: what this service supports, its resource types and their schemas. */
@ScimController('')
export class ScimDiscoveryController {
  constructor(private readonly address: ScimAddress) {}

  @Get('ServiceProviderConfig')
  @ScimAnswer()
  serviceProviderConfig() {
    return serviceProviderConfig(this.address.baseUrl);
  }

  @Get('ResourceTypes')
  @ScimAnswer()
  resourceTypes() {
    const types = resourceTypes(this.address.baseUrl);
    return listResponse(types.length, 1, types);
  }

  @Get('ResourceTypes/:id')
  @ScimAnswer()
  resourceType(@Param('id') id: string) {
    return oneOf(resourceTypes(this.address.baseUrl), id);
  }

  @Get('Schemas')
  @ScimAnswer()
  schemas() {
    const all = schemas(this.address.baseUrl);
    return listResponse(all.length, 1, all);
  }

  @Get('Schemas/:id')
  @ScimAnswer()
  schema(@Param('id') id: string) {
    return oneOf(schemas(this.address.baseUrl), id);
  }
}

function oneOf<T extends { id: string }>(items: T[], id: string): T {
  const found = items.find((item) => item.id.toLowerCase() === id.toLowerCase());
  if (!found) throw ScimError.notFound();
  return found;
}
