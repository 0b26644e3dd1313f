import { Entity, ValidationFailedError } from '@lib/core';

export interface SsoSettingsProps {
  organizationId: string;
  issuer: string;
  clientId: string;
  /** Sealed with a key derived from APP_KEY; never shown again. */
  clientSecretSealed: string;
  /** Lowercase domains; a provider's verified email must be at one of them. */
  allowedDomains: string[];
  /** Email links are refused for the organization's users: they sign in through the provider. */
  required: boolean;
  updatedAt: Date;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An organization's single sign-on by OpenID Connect. */
export class SsoSettings extends Entity.exposing<SsoSettingsProps>()(
  'organizationId',
  'issuer',
  'clientId',
  'clientSecretSealed',
  'allowedDomains',
  'required',
) {
  /**
   * Checks what an owner entered: an https issuer (http only on this machine, for a local provider), a client id,
   * at least one well-formed domain.
   */
  static configure(props: SsoSettingsProps): SsoSettings {
    const errors: Record<string, string[]> = {};
    if (!isIssuer(props.issuer)) {
      errors.issuer = ['The issuer must be an https URL (http only for localhost), at most 2,048 characters.'];
    }
    if (props.clientId.trim() === '' || props.clientId.length > 255) errors.client_id = ['The client id is required.'];
    const domains = [...new Set(props.allowedDomains.map((d) => d.trim().toLowerCase()).filter((d) => d !== ''))];
    if (domains.length === 0 || !domains.every((d) => DOMAIN.test(d))) {
      errors.allowed_domains = ['List at least one email domain, such as example.com, separated by commas.'];
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
    return new SsoSettings({ ...props, clientId: props.clientId.trim(), allowedDomains: domains });
  }

  allowsEmail(email: string): boolean {
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    return email.includes('@') && this.props.allowedDomains.includes(domain);
  }
}

function isIssuer(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    if (url.username || url.password || url.search || url.hash) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
  } catch {
    return false;
  }
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}
