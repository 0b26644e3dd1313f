import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

/** An endpoint's attempts, newest first; `organizationId` null is the admin CLI's view of any organization. */
@Injectable()
export class ListWebhookDeliveries {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveries,
  ) {}

  async execute(input: {
    organizationId: string | null;
    endpointId: string;
    page: PageRequest;
  }): Promise<Page<WebhookDelivery>> {
    const endpoint =
      input.organizationId === null
        ? await this.endpoints.findById(input.endpointId)
        : await this.endpoints.findInOrganization(input.organizationId, input.endpointId);
    if (!endpoint) throw new NotFoundError('Not found.');
    return this.deliveries.pageForEndpoint(endpoint.id, input.page);
  }
}
