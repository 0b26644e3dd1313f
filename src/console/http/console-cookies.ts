import type { Request, Response } from 'express';

/**
 * The console's cookies: HttpOnly; `Secure` and `__Host-` prefixed when APP_URL is https (bound to this host, path
 * /, never set by a subdomain). The session cookie is SameSite=Lax (an emailed link opens the console signed in);
 * the pre-session CSRF nonce is SameSite=Strict.
 */
export class ConsoleCookies {
  private readonly prefix: string;
  private readonly secure: string;

  constructor(appUrl: string) {
    const https = appUrl.startsWith('https:');
    this.prefix = https ? '__Host-' : '';
    this.secure = https ? '; Secure' : '';
  }

  get sessionName(): string {
    return `${this.prefix}console_session`;
  }
  get nonceName(): string {
    return `${this.prefix}console_nonce`;
  }

  get ssoName(): string {
    return `${this.prefix}console_sso`;
  }

  /** Lax: the provider sends the browser back with a top-level GET from its own site. */
  setSso(response: Response, value: string, maxAgeSeconds: number): void {
    const attributes = `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${this.secure}`;
    response.append('Set-Cookie', `${this.ssoName}=${value}; ${attributes}`);
  }

  clearSso(response: Response): void {
    response.append('Set-Cookie', `${this.ssoName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${this.secure}`);
  }

  read(request: Request, name: string): string | null {
    for (const pair of (request.headers.cookie ?? '').split(';')) {
      const [key, ...value] = pair.trim().split('=');
      if (key === name) return value.join('=');
    }
    return null;
  }

  setSession(response: Response, secret: string): void {
    response.append('Set-Cookie', `${this.sessionName}=${secret}; Path=/; HttpOnly; SameSite=Lax${this.secure}`);
  }

  clearSession(response: Response): void {
    response.append('Set-Cookie', `${this.sessionName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${this.secure}`);
  }

  setNonce(response: Response, nonce: string): void {
    response.append('Set-Cookie', `${this.nonceName}=${nonce}; Path=/; HttpOnly; SameSite=Strict${this.secure}`);
  }
}
