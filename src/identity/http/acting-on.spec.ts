import { actingOn } from './acting-on';
import type { Actor } from '../application/actor';

const actor: Actor = {
  userId: '01JD0000000000000000000USR',
  organizationId: '01JD0000000000000000000ORG',
  role: 'administrator',
  origin: { ip: '203.0.113.7', userAgent: 'hr-sync/2.1' },
};

describe('actingOn', () => {
  it("names the target within the actor's organization, with the actor", () => {
    expect(actingOn(actor, { personId: '01JD00000000000000000PERSN' })).toEqual({
      personId: '01JD00000000000000000PERSN',
      organizationId: actor.organizationId,
      actor,
    });
  });

  it("keeps the actor's organization whatever the target carries", () => {
    const target = { documentId: '01JD0000000000000000000DOC', organizationId: '01JD000000000000000000OTHER' };
    expect(actingOn(actor, target).organizationId).toBe(actor.organizationId);
  });
});
