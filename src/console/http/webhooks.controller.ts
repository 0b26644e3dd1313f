import { Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageRequest, UlidPathPipe } from '@lib/http';
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
import { managingForm } from './console-actor';
import { ConsoleDoor, ManagingContext } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { noticeParam } from './console-query';
import { ConsoleController } from './console-controller';

/** An organization has at most 20 endpoints; the deliveries shown are the latest. */
const ENDPOINTS_SHOWN = 20;
const DELIVERIES_SHOWN = 25;

const NOTICES: Record<string, string> = {
  saved: 'The changes were saved.',
  tested: 'A test event is on its way; its delivery appears below.',
  redelivered: 'The event is on its way again, with the same webhook-id; the new attempt appears below.',
};

/** Webhooks (owners and administrators): the use-cases of /webhook-endpoints. */
@ConsoleController('webhooks')
export class WebhooksController {
  constructor(
    private readonly door: ConsoleDoor,
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
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    await this.renderList(request, response, context, 200);
  }

  @Post()
  async create(@Req() request: Request, @Res() response: Response): Promise<void> {
    const { context, form, actor } = await managingForm(this.door, request);
    const { secret } = await this.createEndpoint.execute({
      organizationId: context.current.organizationId,
      actor,
      url: form.get('url')?.trim() ?? '',
      eventTypes: null,
      description: form.get('description')?.trim() || null,
    });
    await this.renderList(request, response, context, 201, secret);
  }

  @Get(':id')
  async show(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.managing(request);
    const notice = noticeParam(request, NOTICES);
    await this.renderOne(request, response, context, id, { notice });
  }

  @Post(':id')
  async update(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, form, actor } = await managingForm(this.door, request);
    await this.updateEndpoint.execute({
      organizationId: context.current.organizationId,
      endpointId: id,
      actor,
      changes: {
        url: form.get('url')?.trim() ?? '',
        description: form.get('description')?.trim() || null,
        enabled: form.get('enabled') === '1',
      },
    });
    redirect(response, `/console/webhooks/${id}?done=saved`);
  }

  @Post(':id/rotate-secret')
  async rotate(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, actor } = await managingForm(this.door, request);
    const { secret } = await this.rotateSecret.execute({
      organizationId: context.current.organizationId,
      endpointId: id,
      actor,
    });
    await this.renderOne(request, response, context, id, { secret });
  }

  @Post(':id/test')
  async test(@Param('id', UlidPathPipe) id: string, @Req() request: Request, @Res() response: Response) {
    const { context, actor } = await managingForm(this.door, request);
    await this.sendTest.execute({ organizationId: context.current.organizationId, endpointId: id, actor });
    redirect(response, `/console/webhooks/${id}?done=tested`);
  }

  @Post(':id/deliveries/:attempt/redeliver')
  async redeliver(
    @Param('id', UlidPathPipe) id: string,
    @Param('attempt', UlidPathPipe) attempt: string,
    @Req() request: Request,
    @Res() response: Response,
  ) {
    const { context, actor } = await managingForm(this.door, request);
    await this.redeliverAttempt.execute({
      organizationId: context.current.organizationId,
      endpointId: id,
      deliveryId: attempt,
      actor,
    });
    redirect(response, `/console/webhooks/${id}?done=redelivered`);
  }

  private async renderList(
    request: Request,
    response: Response,
    context: ManagingContext,
    status: number,
    secret?: string,
  ): Promise<void> {
    const endpoints = await this.listEndpoints.execute({
      organizationId: context.current.organizationId,
      page: new PageRequest(1, ENDPOINTS_SHOWN),
    });
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(response, status, WebhooksPage({ context, csrf, endpoints: endpoints.items, secret }));
  }

  private async renderOne(
    request: Request,
    response: Response,
    context: ManagingContext,
    id: string,
    extra: { secret?: string; notice?: string },
  ): Promise<void> {
    const organizationId = context.current.organizationId;
    const endpoint = await this.showEndpoint.execute({ organizationId, endpointId: id });
    const deliveries = await this.listDeliveries.execute({
      organizationId,
      endpointId: endpoint.id,
      page: new PageRequest(1, DELIVERIES_SHOWN),
    });
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(response, 200, WebhookPage({ context, csrf, endpoint, deliveries: deliveries.items, ...extra }));
  }
}
