/** An organization's settings that the API shows and changes (`GET`/`PATCH /organization`). */
export interface OrganizationSettingsView {
  id: string;
  name: string;
  /** The language of its people who have no `locale` of their own. */
  defaultLocale: string;
  signingFrameOrigins: string[];
}

/** Reads and writes the settings of one organization (the organizations table). */
export abstract class OrganizationSettings {
  abstract find(organizationId: string): Promise<OrganizationSettingsView | null>;
  abstract changeSigningFrameOrigins(organizationId: string, origins: readonly string[], now: Date): Promise<void>;
}
