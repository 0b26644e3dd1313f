import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks' format). */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` value for one attempt: `v1,<base64 HMAC-SHA256>` over `<id>.<timestamp>.<body>` for
 * each secret, space-separated, newest secret first. The key is the base64-decoded part after `whsec_`.
 */
export function signWebhook(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
      return `v1,${createHmac('sha256', key).update(content, 'utf8').digest('base64')}`;
    })
    .join(' ');
}
