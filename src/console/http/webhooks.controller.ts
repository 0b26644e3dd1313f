import { Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PageRequest } from '@lib/http';
import { ListWebhookDeliveries } from '../../webhooks/application/list-webhook-deliveries.use-case';
import { RedeliverWebhookAttempt } from '../../webhooks/application/redeliver-webhook-attempt.use-case';
import { SendTestWebhook } from '../../webhooks/application/send-test-webhook.use-case';
import {
  CreateWebhookEndpoint,
  ListWebhookEndpoints,
  RotateWebhookSecret,
  ShowWebhookEndpoint,
  UpdateWebhookEndpoint,
} from '../../webhooks/application/webhook-endpoint.use-cases';
import { WebhookPage, WebhooksPage } from '../views/webhooks-pages';
import { redirect, sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';

/** An organization has at most 20 endpoints; the deliveries shown are the latest. */
const ENDPOINTS_SHOWN = 20;
const DELIVERIES_SHOWN = 25;

const NOTICES: Record<string, string> = {
  saved: 'The changes were saved.',
  tested: 'A test event is on its way; its delivery appears below.',
  redelivered: 'The event is on its way again, with the same webhook-id; the new attempt appears below.',
};

/** The endpoint's settings, as the forms that create and change an endpoint send them (creating ignores `enabled`). */
function endpointOf(form: URLSearchParams): { url: string; description: string | null; enabled: boolean } {
  return {
    url: form.get('url')?.trim() ?? '',
    description: form.get('description')?.trim() || null,
    enabled: form.get('enabled') === '1',
  };
}

/** Webhooks (owners and administrators): the use-cases of /webhook-endpoints. */
@ConsoleController('webhooks')
export class WebhooksController {
  constructor(
    private readonly listEndpoints: ListWebhookEndpoints,
    private readonly createEndpoint: CreateWebhookEndpoint,
    private readonly showEndpoint: ShowWebhookEndpoint,
    private readonly updateEndpoint: UpdateWebhookEndpoint,
    private readonly rotateSecret: RotateWebhookSecret,
    private readonly sendTest: SendTestWebhook,
    private readonly listDeliveries: ListWebhookDeliveries,
    private readonly redeliverAttempt: RedeliverWebhookAttempt,
  ) {}

  @Get()
  async list(@Visit('managing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    await this.renderList(visit, response, 200);
  }

  @Post()
  async create(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const { url, description } = endpointOf(posted.form);
    const { secret } = await this.createEndpoint.execute({ ...posted.acting, url, eventTypes: null, description });
    await this.renderList(posted, response, 201, secret);
  }

  @Get(':id')
  async show(@Visit('managing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    await this.renderOne(visit, response, { notice: visit.notice(NOTICES) });
  }

  @Post(':id')
  async update(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    await this.updateEndpoint.execute({
      ...posted.acting,
      endpointId: posted.id('id'),
      changes: endpointOf(posted.form),
    });
    redirect(response, `/console/webhooks/${posted.id('id')}?done=saved`);
  }

  @Post(':id/rotate-secret')
  async rotate(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    const { secret } = await this.rotateSecret.execute({ ...posted.acting, endpointId: posted.id('id') });
    await this.renderOne(posted, response, { secret });
  }

  @Post(':id/test')
  async test(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    await this.sendTest.execute({ ...posted.acting, endpointId: posted.id('id') });
    redirect(response, `/console/webhooks/${posted.id('id')}?done=tested`);
  }

  @Post(':id/deliveries/:attempt/redeliver')
  async redeliver(@Posted('managing') posted: MemberVisit, @Res() response: Response) {
    await this.redeliverAttempt.execute({
      ...posted.acting,
      endpointId: posted.id('id'),
      deliveryId: posted.id('attempt'),
    });
    redirect(response, `/console/webhooks/${posted.id('id')}?done=redelivered`);
  }

  private async renderList(visit: MemberVisit, response: Response, status: number, secret?: string): Promise<void> {
    const endpoints = await this.listEndpoints.execute({
      organizationId: visit.organizationId,
      page: new PageRequest(1, ENDPOINTS_SHOWN),
    });
    sendConsolePage(response, status, WebhooksPage({ ...visit.chrome, endpoints: endpoints.items, secret }));
  }

  private async renderOne(
    visit: MemberVisit,
    response: Response,
    extra: { secret?: string; notice?: string },
  ): Promise<void> {
    const organizationId = visit.organizationId;
    const endpoint = await this.showEndpoint.execute({ organizationId, endpointId: visit.id('id') });
    const deliveries = await this.listDeliveries.execute({
      organizationId,
      endpointId: endpoint.id,
      page: new PageRequest(1, DELIVERIES_SHOWN),
    });
    sendConsolePage(response, 200, WebhookPage({ ...visit.chrome, endpoint, deliveries: deliveries.items, ...extra }));
  }
}
