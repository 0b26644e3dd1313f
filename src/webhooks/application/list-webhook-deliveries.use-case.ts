import { Injectable } from '@nestjs/common';
import { Page, PageRequest } from '@lib/http';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { findEndpoint } from './endpoint-scope';

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
    const endpoint = await findEndpoint(this.endpoints, input.organizationId, input.endpointId);
    return this.deliveries.pageForEndpoint(endpoint.id, input.page);
  }
}
