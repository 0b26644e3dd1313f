import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestAccount {
  email: string;
  email_verified: boolean;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Provider (`oidc-provider`, certified) in the test process, on a random port, with its development
 * login and consent pages: the login typed there names the account, whose claims come from `accounts`.
 */
export async function startOpenIdProvider(input: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}): Promise<TestOpenIdProvider> {
  const { default: Provider } = await import('oidc-provider');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'attestation-console';
  const clientSecret = 'a-client-secret-of-the-test-provider';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [input.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test-provider-cookie-key'] },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, ...(input.accounts[sub] ?? { email: `${sub}@nowhere.test`, email_verified: true }) }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
