import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ACCESS_POLICY, AccessPolicy } from './access.decorator';

/**
 * A handler's policy, read from its metadata once: five global guards ask for it on every request, and decorators
 * are fixed once the application has started. Keyed by handler, then class (a handler function can be shared by
 * classes through inheritance, each with its own class-level policy).
 */
const known = new WeakMap<object, WeakMap<object, AccessPolicy>>();

export function accessPolicyOf(reflector: Reflector, context: ExecutionContext): AccessPolicy {
  const handler = context.getHandler();
  const type = context.getClass();
  let byClass = known.get(handler);
  const policy = byClass?.get(type);
  if (policy) return policy;
  const found = reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [handler, type]) ?? 'full';
  if (!byClass) known.set(handler, (byClass = new WeakMap()));
  byClass.set(type, found);
  return found;
}
