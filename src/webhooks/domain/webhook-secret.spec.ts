import { createHmac } from 'node:crypto';
import { newWebhookSecret, signWebhook } from './webhook-secret';

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes, a new one each time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('sign with the bytes after whsec_, and take a secret without the prefix as those bytes', () => {
    const key = Buffer.alloc(32, 9);
    const expected = `v1,${createHmac('sha256', key).update('msg_1.1700000000.{"a":"é"}', 'utf8').digest('base64')}`;
    expect(signWebhook([`whsec_${key.toString('base64')}`], 'msg_1', 1700000000, '{"a":"é"}')).toBe(expected);
    expect(signWebhook([key.toString('base64')], 'msg_1', 1700000000, '{"a":"é"}')).toBe(expected);
    expect(signWebhook([], 'msg_1', 1700000000, '{}')).toBe('');
  });
});
