import { Injectable } from '@nestjs/common';
import { Clock, newId, NotFoundError, ValidationFailedError } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import { ActingUser, AuditTrail, changedFields } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { FeedEventType } from '../../events/domain/event-type';
import { EndpointChanges, MAX_ENDPOINTS_PER_ORGANIZATION, WebhookEndpoint } from '../domain/webhook-endpoint';
import { newWebhookSecret } from '../domain/webhook-secret';
import { EndpointUrlPolicy } from './endpoint-url-policy';
import { SecretBox } from './secret-box';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { findEndpoint } from './endpoint-scope';

const NOT_FOUND = 'Not found.';

/** An endpoint and, only right after creation or rotation, its secret in clear. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/**
 * Adds an endpoint (at most 20 per organization, disabled ones included) with a new secret. Every change to an
 * endpoint made by a user (API, console) is audited: `webhook_endpoint.created`, `.updated`, `.secret_rotated`,
 * `.deleted`; never with its secret.
 */
@Injectable()
export class CreateWebhookEndpoint {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly urlPolicy: EndpointUrlPolicy,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: {
    organizationId: string;
    url: string;
    eventTypes: FeedEventType[] | null;
    description: string | null;
    actor?: ActingUser;
  }): Promise<EndpointWithSecret> {
    await this.urlPolicy.check(input.url);
    const secret = newWebhookSecret();
    const endpoint = WebhookEndpoint.create({
      id: newId(),
      organizationId: input.organizationId,
      url: input.url,
      eventTypes: input.eventTypes,
      description: input.description,
      sealedSecret: this.secrets.seal(secret),
      now: this.clock.now(),
    });
    await this.unitOfWork.run(async () => {
      if ((await this.endpoints.countForCreation(input.organizationId)) >= MAX_ENDPOINTS_PER_ORGANIZATION) {
        throw ValidationFailedError.single(
          'url',
          `An organization can have at most ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints.`,
        );
      }
      await this.endpoints.add(endpoint);
      await this.audit.changedBy(input.actor, 'webhook_endpoint.created', { endpoint_id: endpoint.id });
    });
    return { endpoint, secret };
  }
}

@Injectable()
export class ListWebhookEndpoints {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  execute(input: { organizationId: string; page: PageRequest }): Promise<Page<WebhookEndpoint>> {
    return this.endpoints.page(input.organizationId, input.page);
  }
}

@Injectable()
export class ShowWebhookEndpoint {
  constructor(private readonly endpoints: WebhookEndpointRepository) {}

  async execute(input: { organizationId: string; endpointId: string }): Promise<WebhookEndpoint> {
    return findEndpoint(this.endpoints, input.organizationId, input.endpointId);
  }
}

/** Changes url, types, description or enabled, with the rules of creation. */
@Injectable()
export class UpdateWebhookEndpoint {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly urlPolicy: EndpointUrlPolicy,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: {
    organizationId: string;
    endpointId: string;
    changes: EndpointChanges;
    actor?: ActingUser;
  }): Promise<WebhookEndpoint> {
    return this.unitOfWork.run(async () => {
      const endpoint = await findEndpoint(this.endpoints, input.organizationId, input.endpointId);
      if (input.changes.url !== undefined) await this.urlPolicy.check(input.changes.url);
      endpoint.update(input.changes, this.clock.now());
      await this.endpoints.save(endpoint);
      await this.audit.changedBy(input.actor, 'webhook_endpoint.updated', {
        endpoint_id: endpoint.id,
        fields: changedFields(input.changes),
      });
      return endpoint;
    });
  }
}

/** Removes the endpoint and its deliveries log; attempts still queued for it find nothing and do nothing. */
@Injectable()
export class DeleteWebhookEndpoint {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: { organizationId: string; endpointId: string; actor?: ActingUser }): Promise<void> {
    await this.unitOfWork.run(async () => {
      if (!(await this.endpoints.remove(input.organizationId, input.endpointId))) throw new NotFoundError(NOT_FOUND);
      await this.audit.changedBy(input.actor, 'webhook_endpoint.deleted', { endpoint_id: input.endpointId });
    });
  }
}

/** A new secret; the previous one keeps signing alongside it for 24 hours. */
@Injectable()
export class RotateWebhookSecret {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: {
    organizationId: string;
    endpointId: string;
    actor?: ActingUser;
  }): Promise<EndpointWithSecret> {
    const secret = newWebhookSecret();
    const endpoint = await this.unitOfWork.run(async () => {
      const found = await findEndpoint(this.endpoints, input.organizationId, input.endpointId);
      found.rotateSecret(this.secrets.seal(secret), this.clock.now());
      await this.endpoints.save(found);
      await this.audit.changedBy(input.actor, 'webhook_endpoint.secret_rotated', { endpoint_id: found.id });
      return found;
    });
    return { endpoint, secret };
  }
}

/** Every use-case of this file, for the module to provide. */
export const WEBHOOK_ENDPOINT_USE_CASES = [
  CreateWebhookEndpoint,
  ListWebhookEndpoints,
  ShowWebhookEndpoint,
  UpdateWebhookEndpoint,
  DeleteWebhookEndpoint,
  RotateWebhookSecret,
];
