import { Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import {
  AuthorizationAttempt,
  OpenIdClient,
  OpenIdProvider,
  SingleSignOnRefused,
  VerifiedIdentity,
} from '../application/open-id-provider';
import { isLoopback } from '../domain/sso-settings';

const TIMEOUT_SECONDS = 10;

/**
 * openid-client (certified relying party): discovery, then the authorization code flow with PKCE (S256), `state`
 * and `nonce`, all checked by the library. Plain http is allowed only for a provider on this machine (tests, a
 * local provider). The email comes from the ID token, or from userinfo when the token does not carry it.
 */
@Injectable()
export class OpenIdClientProvider extends OpenIdProvider {
  async begin(client: OpenIdClient, redirectUri: string): Promise<{ url: string; attempt: AuthorizationAttempt }> {
    const configuration = await this.discover(client);
    const attempt = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(attempt.codeVerifier),
      code_challenge_method: 'S256',
      state: attempt.state,
      nonce: attempt.nonce,
    });
    return { url: url.href, attempt };
  }

  async finish(client: OpenIdClient, callbackUrl: URL, attempt: AuthorizationAttempt): Promise<VerifiedIdentity> {
    const configuration = await this.discover(client);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      if (typeof claims.email === 'string') {
        return { email: claims.email, emailVerified: claims.email_verified === true };
      }
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return { email: typeof info.email === 'string' ? info.email : null, emailVerified: info.email_verified === true };
    } catch (error) {
      throw new SingleSignOnRefused(reasonOf(error));
    }
  }

  private async discover(client: OpenIdClient): Promise<oidc.Configuration> {
    const issuer = new URL(client.issuer);
    try {
      return await oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        ...(issuer.protocol === 'http:' && isLoopback(issuer.hostname)
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      });
    } catch (error) {
      throw new SingleSignOnRefused(`discovery_failed: ${reasonOf(error)}`);
    }
  }
}

/** A short reason for the audit log: the provider's `error`, the library's code and its message. */
function reasonOf(error: unknown): string {
  const e = error as { code?: string; error?: string; message?: string; cause?: { message?: string } };
  return [e.error, e.code, e.message, e.cause?.message].filter(Boolean).join(' ').slice(0, 300) || 'unknown';
}
