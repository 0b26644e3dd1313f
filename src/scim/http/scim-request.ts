import type { Request } from 'express';

/** The SCIM caller: the organization its token is bound to (never taken from a payload). */
export interface ScimCaller {
  organizationId: string;
  tokenId: string;
}

export type ScimRequest = Request & { scimCaller?: ScimCaller };

export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_BASE_PATH = '/scim/v2';
