import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { ScimCaller, ScimRequest } from './scim-request';

/** The caller the SCIM guard resolved. */
export const CurrentScimCaller = createParamDecorator((_: unknown, context: ExecutionContext): ScimCaller => {
  const caller = context.switchToHttp().getRequest<ScimRequest>().scimCaller;
  if (!caller) throw new Error('CurrentScimCaller used on a route without the SCIM guard');
  return caller;
});
