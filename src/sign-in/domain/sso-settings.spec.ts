import { SsoSettings } from './sso-settings';

const base = {
  organizationId: 'o',
  issuer: 'https://idp.example.com',
  clientId: 'console',
  clientSecretSealed: 'v1.x',
  allowedDomains: [' Example.COM ', 'example.org'],
  required: false,
  updatedAt: new Date(),
};

describe('SsoSettings', () => {
  it('accepts emails at the allowed domains only', () => {
    const settings = SsoSettings.configure(base);
    expect(settings.allowedDomains).toEqual(['example.com', 'example.org']);
    expect(settings.allowsEmail('ada@EXAMPLE.com')).toBe(true);
    expect(settings.allowsEmail('ada@evil.example.com')).toBe(false);
    expect(settings.allowsEmail('example.com')).toBe(false);
  });

  it('refuses a plain-http issuer off this machine, and no domain', () => {
    expect(() => SsoSettings.configure({ ...base, issuer: 'http://idp.example.com' })).toThrow(/issuer/);
    expect(() => SsoSettings.configure({ ...base, issuer: 'http://127.0.0.1:4000' })).not.toThrow();
    expect(() => SsoSettings.configure({ ...base, allowedDomains: [] })).toThrow(/domain/);
    expect(() => SsoSettings.configure({ ...base, allowedDomains: ['not a domain'] })).toThrow(/domain/);
  });
});

describe('SsoSettings.configure, from both sides of each limit', () => {
  const errorsOf = (changes: Partial<typeof base>): Record<string, string[]> => {
    try {
      SsoSettings.configure({ ...base, ...changes });
    } catch (error) {
      return (error as { errors: Record<string, string[]> }).errors;
    }
    return {};
  };
  const ISSUER = ['The issuer must be an https URL (http only for localhost), at most 2,048 characters.'];
  const refusesIssuers = (issuers: string[]) => {
    for (const issuer of issuers) expect(errorsOf({ issuer })).toEqual({ issuer: ISSUER });
  };
  const CLIENT_ID = ['The client id is required.'];
  const DOMAINS = ['List at least one email domain, such as example.com, separated by commas.'];

  it('keeps what it was given, the client id trimmed and the domains lowercased once each', () => {
    const settings = SsoSettings.configure({
      ...base,
      clientId: '  console  ',
      allowedDomains: ['example.com', ' ', 'EXAMPLE.com', 'b.example.org'],
      required: true,
    });
    expect(settings.toSnapshot()).toEqual({
      ...base,
      clientId: 'console',
      allowedDomains: ['example.com', 'b.example.org'],
      required: true,
    });
    expect([settings.organizationId, settings.issuer, settings.clientSecretSealed]).toEqual([
      'o',
      'https://idp.example.com',
      'v1.x',
    ]);
  });

  it('takes an https issuer of up to 2,048 characters, with a path but no credentials, query or fragment', () => {
    const long = (length: number) => `https://idp.example.com/${'p'.repeat(length - 24)}`;
    expect(long(2048)).toHaveLength(2048);
    expect(errorsOf({ issuer: long(2048) })).toEqual({});
    expect(errorsOf({ issuer: long(2049) })).toEqual({ issuer: ISSUER });
    expect(errorsOf({ issuer: 'https://idp.example.com/realms/acme' })).toEqual({});
    refusesIssuers([
      'https://user@idp.example.com',
      'https://:secret@idp.example.com',
      'https://idp.example.com/?tenant=1',
      'https://idp.example.com/#x',
      'ftp://idp.example.com',
      'not a url',
      '',
    ]);
  });

  it('takes plain http on this machine’s loopback names only', () => {
    for (const issuer of ['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000']) {
      expect(errorsOf({ issuer })).toEqual({});
    }
    refusesIssuers(['http://idp.example.com', 'http://127.0.0.2', 'http://localhost.example.com', 'ftp://localhost']);
  });

  it('needs a client id of 1 to 255 characters', () => {
    expect(errorsOf({ clientId: 'c'.repeat(255) })).toEqual({});
    expect(errorsOf({ clientId: 'c'.repeat(256) })).toEqual({ client_id: CLIENT_ID });
    expect(errorsOf({ clientId: ' \t' })).toEqual({ client_id: CLIENT_ID });
    expect(errorsOf({ clientId: 'c' })).toEqual({});
  });

  it('needs every domain well formed: labels of up to 63 characters, a top level of 2 to 63 letters', () => {
    expect(errorsOf({ allowedDomains: [`${'a'.repeat(63)}.example`] })).toEqual({});
    expect(errorsOf({ allowedDomains: [`${'a'.repeat(64)}.example`] })).toEqual({ allowed_domains: DOMAINS });
    expect(errorsOf({ allowedDomains: [`example.${'c'.repeat(63)}`] })).toEqual({});
    expect(errorsOf({ allowedDomains: [`example.${'c'.repeat(64)}`] })).toEqual({ allowed_domains: DOMAINS });
    expect(errorsOf({ allowedDomains: ['example.io', 'a-b.example'] })).toEqual({});
    for (const domain of [
      'example.c',
      'example',
      '-a.example',
      'a-.example',
      'a..example',
      'example.c0m',
      '@example.com',
    ]) {
      expect(errorsOf({ allowedDomains: ['example.com', domain] })).toEqual({ allowed_domains: DOMAINS });
    }
    expect(errorsOf({ allowedDomains: [' ', ''] })).toEqual({ allowed_domains: DOMAINS });
  });

  it('needs a domain of at most 253 characters', () => {
    const domain = (length: number) =>
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 195)}.io`;
    expect(domain(253)).toHaveLength(253);
    expect(errorsOf({ allowedDomains: [domain(253)] })).toEqual({});
    expect(errorsOf({ allowedDomains: [domain(254)] })).toEqual({ allowed_domains: DOMAINS });
  });

  it('reports every field that is wrong at once', () => {
    expect(errorsOf({ issuer: 'http://idp.example.com', clientId: '', allowedDomains: [] })).toEqual({
      issuer: ISSUER,
      client_id: CLIENT_ID,
      allowed_domains: DOMAINS,
    });
  });

  it('judges an email by what follows its last @', () => {
    const settings = SsoSettings.configure(base);
    expect(settings.allowsEmail('a@evil.test@example.com')).toBe(true);
    expect(settings.allowsEmail('a@example.com@evil.test')).toBe(false);
    expect(settings.allowsEmail('@example.org')).toBe(true);
  });
});
