import { Entity } from '@lib/core';
import type { FeedEventType } from '../../events/domain/event-type';

/** For this long after a rotation, deliveries are signed with the previous secret too. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
/** An endpoint whose deliveries have all failed this long (since the first failure after its last success) is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3600_000;
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;
export const ENDPOINT_DESCRIPTION_MAX_LENGTH = 1000;

export interface WebhookEndpointProps {
  id: string;
  organizationId: string;
  url: string;
  /** null: every type, types added later included. */
  eventTypes: FeedEventType[] | null;
  description: string | null;
  enabled: boolean;
  /** The signing secret, sealed (encrypted); only the secret box opens it. */
  sealedSecret: string;
  sealedPreviousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** The first failure after the last success; null while the endpoint answers. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EndpointChanges {
  url?: string;
  eventTypes?: FeedEventType[] | null;
  description?: string | null;
  enabled?: boolean;
}

/** Where an organization's events are delivered, and with which secrets they are signed. */
export class WebhookEndpoint extends Entity.exposing<WebhookEndpointProps>()(
  'id',
  'organizationId',
  'url',
  'eventTypes',
  'description',
  'enabled',
  'createdAt',
  'updatedAt',
  'failingSince',
) {
  static create(input: {
    id: string;
    organizationId: string;
    url: string;
    eventTypes: FeedEventType[] | null;
    description: string | null;
    sealedSecret: string;
    now: Date;
  }): WebhookEndpoint {
    return new WebhookEndpoint({
      id: input.id,
      organizationId: input.organizationId,
      url: input.url,
      eventTypes: input.eventTypes,
      description: input.description,
      enabled: true,
      sealedSecret: input.sealedSecret,
      sealedPreviousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  }

  update(changes: EndpointChanges, now: Date): void {
    const { url, eventTypes, description, enabled } = changes;
    if (url !== undefined) this.props.url = url;
    if (eventTypes !== undefined) this.props.eventTypes = eventTypes;
    if (description !== undefined) this.props.description = description;
    if (enabled !== undefined && enabled !== this.props.enabled) {
      this.props.enabled = enabled;
      // Enabled again by hand: its failures so far no longer count toward disabling it.
      if (enabled) this.props.failingSince = null;
    }
    this.props.updatedAt = now;
  }

  /** The new secret becomes current; the one it replaces still signs for 24 hours (the newest two, always). */
  rotateSecret(sealedSecret: string, now: Date): void {
    this.props.sealedPreviousSecret = this.props.sealedSecret;
    this.props.previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
    this.props.sealedSecret = sealedSecret;
    this.props.updatedAt = now;
  }

  /** The sealed secrets that sign a delivery made at `now`: the current one, then the previous within its overlap. */
  signingSecrets(now: Date): string[] {
    const { sealedSecret, sealedPreviousSecret, previousSecretExpiresAt } = this.props;
    const previousValid =
      sealedPreviousSecret !== null && previousSecretExpiresAt !== null && now < previousSecretExpiresAt;
    return previousValid ? [sealedSecret, sealedPreviousSecret] : [sealedSecret];
  }

  /** Whether an event of this type goes to this endpoint (the test event is sent by request, not by filter). */
  accepts(type: FeedEventType): boolean {
    return this.props.enabled && (this.props.eventTypes === null || this.props.eventTypes.includes(type));
  }
}
