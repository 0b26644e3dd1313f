import { ScimError } from '../../src/scim/domain/scim-error';
import type { ScimUserState } from '../../src/scim/domain/scim-user';

/** What a SCIM rule refused with (status, scimType, message), to compare whole; fails when nothing was thrown. */
export function scimErrorOf(run: () => unknown): { status: number; scimType: string | null; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ScimError) return { status: error.status, scimType: error.scimType, message: error.message };
    throw error;
  }
  throw new Error('no error thrown');
}

/** A user as the directory pushed them (Ada, active, without phone or locale): name only what the test is about. */
export function aScimUser(props: Partial<ScimUserState> = {}): ScimUserState {
  return {
    userName: 'ada@example.com',
    externalId: '00u1',
    givenName: 'Ada',
    familyName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    locale: null,
    active: true,
    ...props,
  };
}
