import { isUlid } from '@lib/core';
import { AuditEntry } from './audit-entry';

const now = new Date('2026-11-27T10:00:00.000Z');

describe('AuditEntry.record', () => {
  it('writes who did what, from where and when, under a new id', () => {
    const entry = AuditEntry.record({
      organizationId: 'org',
      userId: 'user',
      action: 'document.published',
      origin: { ip: '203.0.113.7', userAgent: 'Firefox' },
      details: { documentId: 'doc' },
      now,
    }).toSnapshot();
    expect(isUlid(entry.id)).toBe(true);
    expect(entry).toEqual({
      id: entry.id,
      organizationId: 'org',
      userId: 'user',
      action: 'document.published',
      ip: '203.0.113.7',
      userAgent: 'Firefox',
      details: { documentId: 'doc' },
      at: now,
    });
  });

  it('keeps no origin it was not given, and no details as an empty object', () => {
    const entry = AuditEntry.record({
      organizationId: null,
      userId: null,
      action: 'sign_in.requested',
      origin: { ip: null, userAgent: null },
      now,
    }).toSnapshot();
    expect(entry).toMatchObject({ organizationId: null, userId: null, ip: null, userAgent: null, details: {} });
  });

  it('cuts an address at 64 characters and a user agent at 512', () => {
    const record = (ip: string, userAgent: string) =>
      AuditEntry.record({ organizationId: 'o', userId: 'u', action: 'a', origin: { ip, userAgent }, now }).toSnapshot();
    expect(record('1'.repeat(64), 'u'.repeat(512))).toMatchObject({ ip: '1'.repeat(64), userAgent: 'u'.repeat(512) });
    expect(record('1'.repeat(65), 'u'.repeat(513))).toMatchObject({ ip: '1'.repeat(64), userAgent: 'u'.repeat(512) });
  });

  it('gives each entry its own id', () => {
    const record = () =>
      AuditEntry.record({ organizationId: 'o', userId: 'u', action: 'a', origin: { ip: null, userAgent: null }, now });
    expect(record().toSnapshot().id).not.toBe(record().toSnapshot().id);
  });
});
