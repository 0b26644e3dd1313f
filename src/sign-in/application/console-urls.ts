import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { linkSecret } from '../domain/console-link';

/** Where the console's links lead, built from APP_URL (never the Host header). */
@Injectable()
export class ConsoleUrls {
  constructor(private readonly config: AppConfig) {}

  get appKey(): string {
    if (!this.config.appKey) throw new Error('APP_KEY is not set: console links cannot be made');
    return this.config.appKey;
  }

  link(secret: string): string {
    return `${this.config.appUrl}/console/link/${secret}`;
  }

  /** Where the OpenID Provider sends the browser back (register it with the provider). */
  get ssoCallback(): string {
    return `${this.config.appUrl}/console/sso/callback`;
  }

  /** The address that starts an organization's single sign-on. */
  ssoStart(organizationId: string): string {
    return `${this.config.appUrl}/console/sso/${organizationId}`;
  }

  /** The same URL, rebuilt from the link's id by whoever holds APP_KEY (the worker). */
  linkOf(linkId: string): string {
    return this.link(linkSecret(this.appKey, linkId));
  }
}
