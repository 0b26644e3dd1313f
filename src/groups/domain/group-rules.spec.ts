import { fieldErrorsOf } from '../../../test/support/field-errors';
import { itUpdatesOnlyWhatChanges } from '../../../test/support/entity-changes';
import { expectNewEntity } from '../../../test/support/new-entity';
import { Group, GROUP_NAME_MAX_LENGTH } from './group';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-23T10:00:00.000Z');
const create = (name = 'Sales', autoIssueRequests?: boolean) =>
  Group.create({ organizationId: 'o', name, autoIssueRequests, now });

describe('Group names, from both sides', () => {
  it("takes 255 characters (counted as characters) and refuses 256, with the contract's messages", () => {
    expect(create('😀'.repeat(GROUP_NAME_MAX_LENGTH)).name).toBe('😀'.repeat(255));
    expect(fieldErrorsOf(() => create('g'.repeat(256)))).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect(fieldErrorsOf(() => create('  '))).toEqual({ name: ['The name field is required.'] });
  });

  it('is created in its organization, with an id and the creation time', () => {
    const group = create();
    expect(group.toSnapshot()).toEqual({
      id: group.id,
      organizationId: 'o',
      name: 'Sales',
      autoIssueRequests: false,
      // Set only by a directory's push (SCIM); a group made through the API has none.
      externalId: null,
      createdAt: now,
      updatedAt: now,
    });
    expectNewEntity(group);
  });
});

describe('Group.update', () => {
  itUpdatesOnlyWhatChanges(() => create('Sales', true), {
    unchanged: [{}, { name: ' Sales ', autoIssueRequests: true }],
    each: [
      [{ name: ' Support ' }, { name: 'Support' }],
      [{ autoIssueRequests: false }, { autoIssueRequests: false }],
    ],
  });

  it('switches automatic issuance on, and moves updatedAt', () => {
    const switched = create();
    expect(switched.update({ autoIssueRequests: true }, later)).toBe(true);
    expect(switched).toMatchObject({ name: 'Sales', autoIssueRequests: true, updatedAt: later });
  });

  it('refuses a name create would refuse, and changes nothing', () => {
    const group = create();
    expect(fieldErrorsOf(() => group.update({ name: 'g'.repeat(256), autoIssueRequests: true }, later))).toHaveProperty(
      'name',
    );
    expect(group).toMatchObject({ name: 'Sales', autoIssueRequests: false, updatedAt: now });
  });

  it('restores a group as stored', () => {
    const stored = create().toSnapshot();
    expect(Group.restore(stored).toSnapshot()).toEqual(stored);
  });
});

describe('Group external id (SCIM externalId)', () => {
  it('is trimmed on creation, and blank is none', () => {
    const withId = (externalId: string | null | undefined) =>
      Group.create({ organizationId: 'o', name: 'Sales', externalId, now }).externalId;
    expect(withId(' okta-7 ')).toBe('okta-7');
    expect(withId('  ')).toBeNull();
    expect(withId(null)).toBeNull();
    expect(withId(undefined)).toBeNull();
  });

  it('is set, trimmed, cleared by null or blank, and kept when absent from an update', () => {
    const group = create();
    expect(group.update({ externalId: ' okta-7 ' }, later)).toBe(true);
    expect(group.externalId).toBe('okta-7');
    expect(group.update({ name: 'Sales EMEA' }, later)).toBe(true);
    expect(group.externalId).toBe('okta-7');
    expect(group.update({ externalId: 'okta-7' }, later)).toBe(false);
    expect(group.update({ externalId: ' ' }, later)).toBe(true);
    expect(group.externalId).toBeNull();
    group.update({ externalId: 'okta-8' }, later);
    expect(group.update({ externalId: null }, later)).toBe(true);
    expect(group.externalId).toBeNull();
  });
});
