import { ApiProperty } from '@nestjs/swagger';
import { ApiUlid, ResponseSchema } from '@lib/http';

/** What GET /me answers (described for the OpenAPI document). */
@ResponseSchema('Me', 'The user the token belongs to, and its organization.')
export class MeResponse {
  @ApiUlid('The authenticated user.')
  id!: string;

  @ApiProperty({ description: 'Full name.', example: 'Ada Lovelace' })
  name!: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  email!: string;

  @ApiProperty({ description: 'The organization the token belongs to.', example: 'Analytical Engines Ltd' })
  current_organization_name!: string;
}
