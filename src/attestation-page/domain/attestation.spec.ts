import { Attestation, cleanTypedName } from './attestation';

const now = new Date('2026-11-22T10:00:00.000Z');
const record = (input: Partial<Parameters<typeof Attestation.record>[0]> = {}) =>
  Attestation.record({
    organizationId: 'o',
    attestationRequestId: 'r',
    documentRevisionId: 'rev',
    recipient: { firstName: 'Ada', lastName: 'Lovelace' },
    typedName: 'Ada Lovelace',
    contentSha256: 'a'.repeat(64),
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    now,
    ...input,
  });

describe('Attestation.record', () => {
  it('keeps who typed what, when, from where, and which text they were shown', () => {
    const attestation = record();
    expect(attestation).toEqual({
      id: attestation.id,
      organizationId: 'o',
      attestationRequestId: 'r',
      documentRevisionId: 'rev',
      typedName: 'Ada Lovelace',
      nameMatchesRecipient: true,
      contentSha256: 'a'.repeat(64),
      ipAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      attestedAt: now,
    });
    expect(attestation.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
  });

  it("accepts a name that does not match the recipient's, and flags it", () => {
    expect(record({ typedName: 'Mallory' }).nameMatchesRecipient).toBe(false);
  });

  it('cuts the address at 64 characters and the user agent at 1024, and keeps their absence', () => {
    const attestation = record({ ipAddress: '1'.repeat(65), userAgent: 'u'.repeat(1025) });
    expect(attestation.ipAddress).toBe('1'.repeat(64));
    expect(attestation.userAgent).toBe('u'.repeat(1024));
    expect(record({ ipAddress: null, userAgent: null })).toMatchObject({ ipAddress: null, userAgent: null });
  });
});

describe('cleanTypedName', () => {
  it('drops control characters and makes runs of whitespace one space', () => {
    expect(cleanTypedName('  Ada\t\tKing\u0000Lovelace\n ')).toBe('Ada King Lovelace');
    expect(cleanTypedName('Ada\u0007\u0007Lovelace')).toBe('Ada Lovelace');
    expect(cleanTypedName('Zoë  Saldaña')).toBe('Zoë Saldaña');
    expect(cleanTypedName('\u0000\n')).toBe('');
  });
});
