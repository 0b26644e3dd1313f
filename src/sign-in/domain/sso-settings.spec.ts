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
