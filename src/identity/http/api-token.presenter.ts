import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import type { ApiToken } from '../domain/api-token';

export function presentApiToken(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    user_id: token.userId,
    created_by_user_id: token.createdByUserId,
    created_at: isoTimestamp(token.createdAt),
    last_used_at: isoTimestampOrNull(token.lastUsedAt),
    expires_at: isoTimestampOrNull(token.expiresAt),
    revoked_at: isoTimestampOrNull(token.revokedAt),
  };
}
