import { ScimError } from '../../src/scim/domain/scim-error';

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
