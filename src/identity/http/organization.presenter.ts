import type { OrganizationSettingsView } from '../application/organization-settings';

/** The Organization of GET and PATCH /organization. */
export function presentOrganization(view: OrganizationSettingsView) {
  return {
    id: view.id,
    name: view.name,
    default_locale: view.defaultLocale,
    signing_frame_origins: view.signingFrameOrigins,
  };
}
