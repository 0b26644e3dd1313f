import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Access } from './access.decorator';
import { accessPolicyOf } from './access-policy';

@Access('any_role')
class Profile {
  show(): void {}
  @Access('public')
  health(): void {}
}

class Documents {
  list(): void {}
}

const contextOf = (type: object, handler: object) =>
  ({ getClass: () => type, getHandler: () => handler }) as unknown as ExecutionContext;

describe('accessPolicyOf', () => {
  const reflector = new Reflector();
  const show = Object.getOwnPropertyDescriptor(Profile.prototype, 'show')!.value as object;
  const health = Object.getOwnPropertyDescriptor(Profile.prototype, 'health')!.value as object;
  const list = Object.getOwnPropertyDescriptor(Documents.prototype, 'list')!.value as object;

  it("reads the route's policy, else its class's, else full", () => {
    expect(accessPolicyOf(reflector, contextOf(Profile, health))).toBe('public');
    expect(accessPolicyOf(reflector, contextOf(Profile, show))).toBe('any_role');
    expect(accessPolicyOf(reflector, contextOf(Documents, list))).toBe('full');
  });

  it('answers the same every time, per handler and class, reading the metadata once for each', () => {
    @Access('public')
    class Base {
      shared(): void {}
    }
    // Mounts the same function, without Base's class-level policy.
    class Other {}
    const shared = Object.getOwnPropertyDescriptor(Base.prototype, 'shared')!.value as object;
    const counting = new Reflector();
    const read = jest.spyOn(counting, 'getAllAndOverride');
    for (let round = 0; round < 3; round++) {
      expect(accessPolicyOf(counting, contextOf(Base, shared))).toBe('public');
      expect(accessPolicyOf(counting, contextOf(Other, shared))).toBe('full');
    }
    expect(read).toHaveBeenCalledTimes(2);
  });
});
