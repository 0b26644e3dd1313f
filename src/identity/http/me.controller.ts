import { Controller, Get } from '@nestjs/common';
import { Access, ApiEndpoint } from '@lib/http';
import type { Principal } from '../application/principal';
import { CurrentPrincipal } from './current-principal.decorator';
import { MeResponse } from './me.response';

@Controller('me')
export class MeController {
  @Get()
  @Access('any_role')
  @ApiEndpoint({
    operationId: 'showMe',
    tag: 'Me',
    summary: 'The authenticated user',
    description: "The only operation a group manager's token may call.",
    success: { status: 200, description: 'The user and organization of the token.', type: MeResponse },
    anyRole: true,
  })
  show(@CurrentPrincipal() principal: Principal) {
    return {
      id: principal.user.id,
      name: principal.user.name,
      email: principal.user.email,
      current_organization_name: principal.organization.name,
    };
  }
}
