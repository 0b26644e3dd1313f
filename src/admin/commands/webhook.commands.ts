import { PageRequest } from '@lib/http';
import { ListWebhookDeliveries } from '../../webhooks/application/list-webhook-deliveries.use-case';
import { ListWebhookEndpoints } from '../../webhooks/application/webhook-endpoint.use-cases';
import { MAX_ENDPOINTS_PER_ORGANIZATION } from '../../webhooks/domain/webhook-endpoint';
import { presentWebhookDelivery, presentWebhookEndpoint } from '../../webhooks/http/webhook.presenter';
import type { AdminCommand } from '../admin-command';
import { id, integer, UsageError } from '../cli-arguments';

export const listWebhooksCommand: AdminCommand = {
  name: 'webhook:list',
  summary:
    "List an organization's webhook endpoints, disabled ones included, with since when each is failing (never the secret).",
  options: { org: id('the organization id') },
  async run(app, options) {
    const page = await app
      .get(ListWebhookEndpoints)
      .execute({ organizationId: options.string('org'), page: new PageRequest(1, MAX_ENDPOINTS_PER_ORGANIZATION) });
    return {
      data: page.items.map((endpoint) => ({
        ...presentWebhookEndpoint(endpoint),
        organization_id: endpoint.organizationId,
        failing_since: endpoint.failingSince?.toISOString() ?? null,
      })),
    };
  },
};

export const listWebhookDeliveriesCommand: AdminCommand = {
  name: 'webhook:deliveries',
  summary: "An endpoint's latest delivery attempts, newest first (any organization's).",
  options: {
    endpoint: id('the webhook endpoint id'),
    limit: integer('how many attempts, 1 to 100 (default 25)'),
  },
  async run(app, options) {
    const limit = options.optionalInteger('limit') ?? 25;
    if (limit < 1 || limit > 100) throw new UsageError('--limit must be from 1 to 100');
    const page = await app
      .get(ListWebhookDeliveries)
      .execute({ organizationId: null, endpointId: options.string('endpoint'), page: new PageRequest(1, limit) });
    return { data: page.items.map(presentWebhookDelivery), total: page.total };
  },
};
