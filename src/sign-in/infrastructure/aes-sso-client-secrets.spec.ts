import { AesSecretBox } from '../../webhooks/infrastructure/aes-secret-box';
import { AesSsoClientSecrets } from './aes-sso-client-secrets';

const APP_KEY = 'base64:' + Buffer.alloc(32, 7).toString('base64');

describe('AesSsoClientSecrets', () => {
  const secrets = new AesSsoClientSecrets(APP_KEY);
  const webhooks = new AesSecretBox(APP_KEY);

  it('opens what it sealed, and never shows the secret in the sealed form', () => {
    const sealed = secrets.seal('client-secret-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('client-secret-1');
    expect(secrets.open(sealed)).toBe('client-secret-1');
  });

  it('seals under a key of its own: a sealed SSO secret does not open with the webhook key', () => {
    const sealed = secrets.seal('client-secret-2');
    expect(() => webhooks.open(sealed)).toThrow();
  });

  it('keeps opening secrets sealed before with the webhooks key', () => {
    expect(secrets.open(webhooks.seal('stored-before'))).toBe('stored-before');
  });

  it('opens nothing sealed under another APP_KEY, or altered', () => {
    const other = new AesSsoClientSecrets('base64:' + Buffer.alloc(32, 8).toString('base64'));
    expect(() => other.open(secrets.seal('client-secret-3'))).toThrow();
    expect(() => other.open(webhooks.seal('client-secret-3'))).toThrow();
    const bytes = Buffer.from(secrets.seal('client-secret-4').slice('v1.'.length), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => secrets.open(`v1.${bytes.toString('base64')}`)).toThrow();
  });

  it('seals nothing without APP_KEY', () => {
    expect(() => new AesSsoClientSecrets(undefined).seal('x')).toThrow('APP_KEY is not set');
  });
});
