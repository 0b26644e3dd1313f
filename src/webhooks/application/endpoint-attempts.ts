import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ActingUser, AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { ScheduledAttempt } from '../domain/webhook-delivery';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';
import { findEndpoint } from './endpoint-scope';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';

/** One endpoint of the organization, and the user who asks (none: the admin CLI). */
export interface EndpointTarget {
  organizationId: string;
  endpointId: string;
  actor?: ActingUser;
}

/** What scheduling by hand gave: the attempts to relay, the audit line's details besides `endpoint_id`, the answer. */
export interface AttemptsScheduled<T> {
  attempts: ScheduledAttempt[];
  audited: Record<string, unknown>;
  answer: T;
}

/**
 * Attempts a user schedules on one endpoint by hand (a redelivery, a test event): in one transaction on the
 * organization's endpoint, audited as `action`, handed to the queue once that commits.
 */
@Injectable()
export class EndpointAttempts {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly relay: RelayWebhookAttempts,
    private readonly clock: Clock,
    private readonly audit: AuditTrail,
  ) {}

  schedule<T>(
    target: EndpointTarget,
    action: string,
    scheduling: (endpoint: WebhookEndpoint, now: Date) => Promise<AttemptsScheduled<T>>,
  ): Promise<T> {
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      const endpoint = await findEndpoint(this.endpoints, target.organizationId, target.endpointId);
      const { attempts, audited, answer } = await scheduling(endpoint, now);
      await this.audit.changedBy(target.actor, action, { endpoint_id: endpoint.id, ...audited });
      await this.unitOfWork.afterCommit(() => this.relay.soon(attempts));
      return answer;
    });
  }
}
