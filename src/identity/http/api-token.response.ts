import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, Paginated, ResponseSchema } from '@lib/http';
import { TOKEN_SCOPES } from '../domain/api-token';

@ResponseSchema('ApiToken', 'A token of the organization, as its API settings show it; never the token itself.')
export class ApiTokenResponse {
  @ApiUlid('The token.')
  id!: string;

  @ApiProperty({ example: 'HR sync' })
  name!: string;

  @ApiProperty({ enum: TOKEN_SCOPES, description: '`api:use` reaches the API; `scim` only the SCIM endpoints.' })
  scope!: string;

  @ApiUlid('The member the token acts as.')
  user_id!: string;

  @ApiUlid('Who created it; null when that user no longer exists.', { nullable: true })
  created_by_user_id!: string | null;

  @ApiDateTime('When it was created.')
  created_at!: string;

  @ApiDateTime('Its last use, to the minute; null if never used.', { nullable: true })
  last_used_at!: string | null;

  @ApiDateTime('When it stops working; null if it does not expire.', { nullable: true })
  expires_at!: string | null;

  @ApiDateTime('When it was revoked; null while it is not.', { nullable: true })
  revoked_at!: string | null;
}

@ResponseSchema('ApiTokenWithSecret', 'A new token with its plaintext, shown in this answer only.')
export class ApiTokenWithSecretResponse extends ApiTokenResponse {
  @ApiProperty({
    pattern: '^atst_[A-Za-z0-9_-]{43}$',
    description: 'The bearer token; only its hash is kept, so it is never shown again.',
    example: 'atst_3q2-7wZr2bq7Yy0p3X8o5u9JtH1kM4n6V0cS8dFgA2e',
  })
  token!: string;
}

export const ApiTokenPage = Paginated(ApiTokenResponse, 'ApiTokenPage', 'A page of tokens, newest first.');
