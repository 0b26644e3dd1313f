/** Which provider and client; the secret opened only for the call. */
export interface OpenIdClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What must come back unchanged: kept by the browser between the redirect and the callback, signed. */
export interface AuthorizationAttempt {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  email: string | null;
  emailVerified: boolean;
}

/** Signals a refusal by the provider or the protocol checks (state, nonce, PKCE, a used code); said in `reason`. */
export class SingleSignOnRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The OpenID Connect relying party: authorization code flow with PKCE, `state` and `nonce`, through a certified
 * library (openid-client).
 */
export abstract class OpenIdProvider {
  abstract begin(client: OpenIdClient, redirectUri: string): Promise<{ url: string; attempt: AuthorizationAttempt }>;
  /** Exchanges the code; throws SingleSignOnRefused when any check fails. */
  abstract finish(client: OpenIdClient, callbackUrl: URL, attempt: AuthorizationAttempt): Promise<VerifiedIdentity>;
}
