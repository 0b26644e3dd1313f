import { Controller, Get } from '@nestjs/common';
import type { Principal } from '../application/principal';
import { Access } from './access.decorator';
import { CurrentPrincipal } from './current-principal.decorator';

@Controller('me')
export class MeController {
  @Get()
  @Access('any_role')
  show(@CurrentPrincipal() principal: Principal) {
    return {
      id: principal.user.id,
      name: principal.user.name,
      email: principal.user.email,
      current_organization_name: principal.organization.name,
    };
  }
}
