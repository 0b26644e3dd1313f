import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_POLICY, AccessPolicy } from './access.decorator';

export function accessPolicyOf(reflector: Reflector, context: ExecutionContext): AccessPolicy {
  return (
    reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]) ??
    'full'
  );
}
