import type { SsoSettings } from '../domain/sso-settings';

export abstract class SsoSettingsRepository {
  abstract find(organizationId: string): Promise<SsoSettings | null>;
  abstract save(settings: SsoSettings): Promise<void>;
  /** Whether any of these organizations requires single sign-on (then email links are refused). */
  abstract anyRequires(organizationIds: readonly string[]): Promise<boolean>;
}
