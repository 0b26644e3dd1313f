import { FEED_EVENT_TYPES } from '../../events/domain/event-type';
import {
  DISABLE_AFTER_FAILING_MS,
  ROTATION_OVERLAP_MS,
  WebhookEndpoint,
  WebhookEndpointProps,
} from './webhook-endpoint';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const create = (eventTypes: WebhookEndpointProps['eventTypes'] = null) =>
  WebhookEndpoint.create({
    id: 'e',
    organizationId: 'o',
    url: 'https://hooks.example.com/x',
    eventTypes,
    description: 'CRM',
    sealedSecret: 'sealed-1',
    now,
  });

describe('WebhookEndpoint', () => {
  it('starts enabled, signing with its one secret, not failing', () => {
    const endpoint = create();
    expect(endpoint.toSnapshot()).toEqual({
      id: 'e',
      organizationId: 'o',
      url: 'https://hooks.example.com/x',
      eventTypes: null,
      description: 'CRM',
      enabled: true,
      sealedSecret: 'sealed-1',
      sealedPreviousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(endpoint.signingSecrets(now)).toEqual(['sealed-1']);
  });

  it('takes every event type when it names none, types added later included', () => {
    const endpoint = create();
    expect(FEED_EVENT_TYPES.every((type) => endpoint.accepts(type))).toBe(true);
  });

  it('takes only the types it names, and none while disabled', () => {
    const endpoint = create(['attestation_request.attested']);
    expect(endpoint.accepts('attestation_request.attested')).toBe(true);
    expect(endpoint.accepts('attestation_request.sent')).toBe(false);
    endpoint.update({ enabled: false }, now);
    expect(endpoint.accepts('attestation_request.attested')).toBe(false);
    const all = create();
    all.update({ enabled: false }, now);
    expect(all.accepts('attestation_request.sent')).toBe(false);
  });

  it('changes only what it is given', () => {
    const endpoint = create(['attestation_request.sent']);
    endpoint.update({}, later(1));
    expect(endpoint.toSnapshot()).toMatchObject({
      url: 'https://hooks.example.com/x',
      eventTypes: ['attestation_request.sent'],
      description: 'CRM',
      enabled: true,
      updatedAt: later(1),
    });
    endpoint.update({ url: 'https://b.example.com/', eventTypes: null, description: null, enabled: false }, later(2));
    expect(endpoint).toMatchObject({
      url: 'https://b.example.com/',
      eventTypes: null,
      description: null,
      enabled: false,
      updatedAt: later(2),
    });
  });

  it('forgets its failures when enabled again by hand, not when it stays enabled or is disabled', () => {
    const failing = () =>
      WebhookEndpoint.restore({ ...create().toSnapshot(), failingSince: later(-1000), enabled: true });
    const stays = failing();
    stays.update({ enabled: true }, now);
    expect(stays.failingSince).toEqual(later(-1000));
    const disabled = failing();
    disabled.update({ enabled: false }, now);
    expect(disabled.failingSince).toEqual(later(-1000));
    disabled.update({ enabled: true }, now);
    expect(disabled.failingSince).toBeNull();
    expect(disabled.enabled).toBe(true);
  });

  it('signs with the new secret and, for 24 hours, with the one it replaced', () => {
    const endpoint = create();
    endpoint.rotateSecret('sealed-2', now);
    expect(endpoint.toSnapshot()).toMatchObject({
      sealedSecret: 'sealed-2',
      sealedPreviousSecret: 'sealed-1',
      previousSecretExpiresAt: later(ROTATION_OVERLAP_MS),
      updatedAt: now,
    });
    expect(endpoint.signingSecrets(later(ROTATION_OVERLAP_MS - 1))).toEqual(['sealed-2', 'sealed-1']);
    expect(endpoint.signingSecrets(later(ROTATION_OVERLAP_MS))).toEqual(['sealed-2']);
    endpoint.rotateSecret('sealed-3', later(1000));
    expect(endpoint.signingSecrets(later(1000))).toEqual(['sealed-3', 'sealed-2']);
  });

  it('overlaps secrets for a day, and is disabled after five days of failures', () => {
    expect(ROTATION_OVERLAP_MS).toBe(new Date('2026-11-23T10:00:00.000Z').getTime() - now.getTime());
    expect(DISABLE_AFTER_FAILING_MS).toBe(new Date('2026-11-27T10:00:00.000Z').getTime() - now.getTime());
  });

  it('keeps its state to itself: a snapshot is a frozen copy', () => {
    const endpoint = create();
    const snapshot = endpoint.toSnapshot() as { url: string };
    expect(() => {
      snapshot.url = 'https://changed.example.com/';
    }).toThrow(TypeError);
    expect(endpoint.url).toBe('https://hooks.example.com/x');
    expect(endpoint).toMatchObject({ id: 'e', organizationId: 'o', createdAt: now });
  });
});
