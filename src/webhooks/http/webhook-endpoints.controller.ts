import { applyDecorators, Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { answerPage, ApiEndpoint, ApiEndpointOptions, ApiUlidPath, UlidPathPipe } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import type { Actor } from '../../identity/application/actor';
import { actingOn } from '../../identity/http/acting-on';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import { ListWebhookDeliveries } from '../application/list-webhook-deliveries.use-case';
import { RedeliverWebhookAttempt } from '../application/redeliver-webhook-attempt.use-case';
import { SendTestWebhook } from '../application/send-test-webhook.use-case';
import {
  CreateWebhookEndpoint,
  DeleteWebhookEndpoint,
  ListWebhookEndpoints,
  RotateWebhookSecret,
  ShowWebhookEndpoint,
  UpdateWebhookEndpoint,
} from '../application/webhook-endpoint.use-cases';
import {
  CreateWebhookEndpointBody,
  eventTypesOf,
  ListWebhookDeliveriesQuery,
  ListWebhookEndpointsQuery,
  UpdateWebhookEndpointBody,
} from './webhook-endpoints.dto';
import { presentWebhookDelivery, presentWebhookEndpoint } from './webhook.presenter';
import {
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookEndpointPage,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
  WebhookTestAcceptedResponse,
} from './webhook.response';

const TAG = 'Webhooks';
const NOT_FOUND = 'No such endpoint in the organization (a malformed id included).';
const URL_RULES =
  '`url` not an absolute https URL, over 2,048 characters, or pointing to a private, loopback, link-local or ' +
  'unique-local address (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS=true); an unknown type in `events` (keyed `events.N`)';

/** A route on one endpoint of the organization: its id in the path, 404 when it is another organization's. */
const OnEndpoint = (options: Omit<ApiEndpointOptions, 'tag' | 'notFound'>) =>
  applyDecorators(
    ApiUlidPath('id', "The endpoint's ULID."),
    ApiEndpoint({ ...options, tag: TAG, notFound: NOT_FOUND }),
  );

@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly config: AppConfig,
    private readonly createEndpoint: CreateWebhookEndpoint,
    private readonly listEndpoints: ListWebhookEndpoints,
    private readonly showEndpoint: ShowWebhookEndpoint,
    private readonly updateEndpoint: UpdateWebhookEndpoint,
    private readonly deleteEndpoint: DeleteWebhookEndpoint,
    private readonly rotateSecret: RotateWebhookSecret,
    private readonly sendTest: SendTestWebhook,
    private readonly listDeliveries: ListWebhookDeliveries,
    private readonly redeliverAttempt: RedeliverWebhookAttempt,
  ) {}

  @Post()
  @ApiEndpoint({
    operationId: 'createWebhookEndpoint',
    tag: TAG,
    summary: 'Add a webhook endpoint',
    description:
      'Answers the endpoint with its signing secret, which is shown only here and after a rotation. At most 20 ' +
      'endpoints per organization, disabled ones included.',
    success: { status: 201, description: 'The new endpoint and its secret.', type: WebhookEndpointWithSecretResponse },
    jsonBody: true,
    unprocessable: `${URL_RULES}; or the organization already has 20 endpoints (keyed \`url\`).`,
  })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateWebhookEndpointBody) {
    const { endpoint, secret } = await this.createEndpoint.execute(
      actingOn(actor, {
        url: body.url,
        eventTypes: eventTypesOf(body.events) ?? null,
        description: body.description ?? null,
      }),
    );
    return { ...presentWebhookEndpoint(endpoint), secret };
  }

  @Get()
  @ApiEndpoint({
    operationId: 'listWebhookEndpoints',
    tag: TAG,
    summary: 'List webhook endpoints',
    description:
      "The organization's endpoints, oldest first, paginated like every list. Secrets are never shown again.",
    success: { status: 200, description: 'A page of endpoints, oldest first; no secret.', type: WebhookEndpointPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListWebhookEndpointsQuery) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/webhook-endpoints`,
      (page) => this.listEndpoints.execute({ organizationId: principal.organization.id, page }),
      presentWebhookEndpoint,
    );
  }

  @Get(':id')
  @OnEndpoint({
    operationId: 'showWebhookEndpoint',
    summary: 'Show a webhook endpoint',
    description: "One endpoint of the organization, without its secret. Another organization's answers 404.",
    success: { status: 200, description: 'The endpoint; no secret.', type: WebhookEndpointResponse },
  })
  async show(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return presentWebhookEndpoint(
      await this.showEndpoint.execute({ organizationId: principal.organization.id, endpointId: id }),
    );
  }

  @Patch(':id')
  @OnEndpoint({
    operationId: 'updateWebhookEndpoint',
    summary: 'Change a webhook endpoint',
    description: 'Only the fields given change. `events: null` delivers every type again.',
    success: { status: 200, description: 'The endpoint; no secret.', type: WebhookEndpointResponse },
    jsonBody: true,
    unprocessable: `${URL_RULES}; \`enabled\` not a boolean.`,
  })
  async update(
    @CurrentActor() actor: Actor,
    @Param('id', UlidPathPipe) id: string,
    @Body() body: UpdateWebhookEndpointBody,
  ) {
    const endpoint = await this.updateEndpoint.execute(
      actingOn(actor, {
        endpointId: id,
        changes: {
          url: body.url,
          eventTypes: eventTypesOf(body.events),
          description: body.description,
          enabled: body.enabled,
        },
      }),
    );
    return presentWebhookEndpoint(endpoint);
  }

  @Delete(':id')
  @OnEndpoint({
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Its deliveries log goes with it; attempts not made yet are dropped.',
    success: { status: 204, description: 'Deleted; no body.' },
  })
  async remove(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string): Promise<void> {
    await this.deleteEndpoint.execute(actingOn(actor, { endpointId: id }));
  }

  @Post(':id/rotate-secret')
  @OnEndpoint({
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a webhook endpoint's secret",
    description:
      'For 24 hours deliveries carry two signatures, with the new secret and the previous one (after a second ' +
      'rotation, the newest two), so the receiver can switch without losing a delivery. A body is ignored.',
    success: { status: 200, description: 'The endpoint and its new secret.', type: WebhookEndpointWithSecretResponse },
  })
  async rotate(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    const { endpoint, secret } = await this.rotateSecret.execute(actingOn(actor, { endpointId: id }));
    return { ...presentWebhookEndpoint(endpoint), secret };
  }

  @Post(':id/test')
  @OnEndpoint({
    operationId: 'testWebhookEndpoint',
    summary: 'Send a test event to a webhook endpoint',
    description:
      'Delivers an event of type `webhook.test` with `data` `{}` to this endpoint only, whatever its `events` and ' +
      'even when it is disabled; retried and logged like any delivery. It is not in `GET /events`. A body is ignored.',
    success: { status: 202, description: 'The test event is queued.', type: WebhookTestAcceptedResponse },
  })
  async test(@CurrentActor() actor: Actor, @Param('id', UlidPathPipe) id: string) {
    const { eventId } = await this.sendTest.execute(actingOn(actor, { endpointId: id }));
    return { event_id: eventId };
  }

  @Get(':id/deliveries')
  @OnEndpoint({
    operationId: 'listWebhookDeliveries',
    summary: "List a webhook endpoint's delivery attempts",
    description:
      'One row per attempt, newest first: written `pending` when the attempt is scheduled, then `succeeded` or ' +
      '`failed` when it runs. Response bodies are not kept.',
    success: { status: 200, description: 'A page of attempts.', type: WebhookDeliveryPage },
    unprocessable: 'A paging parameter is invalid.',
  })
  async deliveries(
    @CurrentPrincipal() principal: Principal,
    @Param('id', UlidPathPipe) id: string,
    @Query() query: ListWebhookDeliveriesQuery,
  ) {
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/webhook-endpoints/${id}/deliveries`,
      (page) => this.listDeliveries.execute({ organizationId: principal.organization.id, endpointId: id, page }),
      presentWebhookDelivery,
    );
  }

  @Post(':id/deliveries/:attempt/redeliver')
  @ApiUlidPath('attempt', "The ULID of one of the endpoint's attempts, as its deliveries list shows it.")
  @OnEndpoint({
    operationId: 'redeliverWebhookAttempt',
    summary: 'Deliver an attempted event again',
    description:
      'Schedules one more attempt, due now, of the event that attempt carried, to the same endpoint, with the same ' +
      '`webhook-id` (the event id), signed afresh. Any attempt may be delivered again, a succeeded one too: a ' +
      'receiver that deduplicates by `webhook-id` sees it once. The new attempt is numbered after the last one of ' +
      'that event and, when it fails, is retried only if the retry schedule goes beyond that number. To a disabled ' +
      'endpoint it is recorded failed without being sent, as any attempt (the test event excepted). A body is ignored.',
    success: { status: 202, description: 'The new attempt, pending.', type: WebhookDeliveryResponse },
  })
  async redeliver(
    @CurrentActor() actor: Actor,
    @Param('id', UlidPathPipe) id: string,
    @Param('attempt', UlidPathPipe) attemptId: string,
  ) {
    const attempt = await this.redeliverAttempt.execute(actingOn(actor, { endpointId: id, deliveryId: attemptId }));
    return presentWebhookDelivery(attempt);
  }
}
