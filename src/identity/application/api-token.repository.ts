import type { Page, PageRequest } from '@lib/http';
import type { ApiToken } from '../domain/api-token';
import type { Principal } from './principal';
import { StoredEntities } from './stored-entities';

export interface TokenCredential {
  token: ApiToken;
  principal: Principal;
}

export abstract class ApiTokenRepository extends StoredEntities<ApiToken> {
  /** The token with its user, organization and current role, in one lookup by hash; null when unknown. */
  abstract findCredentialByHash(tokenHash: string): Promise<TokenCredential | null>;
  /** Records use; a no-op when another request already stamped it within the last minute. */
  abstract stampUsage(tokenId: string, at: Date): Promise<void>;
  abstract listByOrganization(organizationId: string): Promise<ApiToken[]>;
  /** A page of the organization's tokens, newest first. */
  abstract pageByOrganization(organizationId: string, page: PageRequest): Promise<Page<ApiToken>>;
  abstract findInOrganization(organizationId: string, id: string): Promise<ApiToken | null>;
}
