import { fieldErrorsOf } from '../../../test/support/field-errors';
import { expectNewEntity } from '../../../test/support/new-entity';
import { aDocument } from '../../../test/support/builders';
import { itArchivesOnceAndRestores, itUpdatesOnlyWhatChanges } from '../../../test/support/entity-changes';
import { Document, DOCUMENT_NAME_MAX_LENGTH, RENEWAL_INTERVAL_MAX_DAYS } from './document';
import { DocumentRevision, REVISION_CONTENT_MAX_LENGTH } from './document-revision';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-23T10:00:00.000Z');
const create = (input: Partial<Parameters<typeof Document.create>[0]> = {}) =>
  Document.create({ organizationId: 'o', name: 'Code of conduct', now, ...input });

describe('Document limits, from both sides', () => {
  it('takes a name of 255 characters (counted as characters), trimmed, and refuses 256', () => {
    expect(create({ name: ` ${'é'.repeat(DOCUMENT_NAME_MAX_LENGTH)} ` }).name).toBe('é'.repeat(255));
    expect(create({ name: '😀'.repeat(255) }).name).toBe('😀'.repeat(255));
    expect(fieldErrorsOf(() => create({ name: 'n'.repeat(256) }))).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
    });
    expect(fieldErrorsOf(() => create({ name: ' \t ' }))).toEqual({ name: ['The name field is required.'] });
  });

  it('takes a renewal interval from 1 day to ten years, whole days only', () => {
    expect(create({ renewalIntervalDays: 1 }).renewalIntervalDays).toBe(1);
    expect(create({ renewalIntervalDays: RENEWAL_INTERVAL_MAX_DAYS }).renewalIntervalDays).toBe(3650);
    expect(create({ renewalIntervalDays: null }).renewalIntervalDays).toBeNull();
    const atLeastOne = { renewal_interval_days: ['The renewal interval days field must be at least 1.'] };
    for (const days of [0, -1, 1.5, Number.NaN, 2 ** 53]) {
      expect(fieldErrorsOf(() => create({ renewalIntervalDays: days }))).toEqual(atLeastOne);
    }
    expect(fieldErrorsOf(() => create({ renewalIntervalDays: 3651 }))).toEqual({
      renewal_interval_days: ['The renewal interval days field must not be greater than 3650.'],
    });
  });

  it('takes either attestation type and names the field of a wrong one', () => {
    expect(create({ attestationType: 'acknowledgment' }).defaultAttestationType).toBe('acknowledgment');
    expect(create({ attestationType: 'signature' }).defaultAttestationType).toBe('signature');
    expect(fieldErrorsOf(() => create({ attestationType: 'wet-ink' as never }))).toEqual({
      attestation_type: ['The selected attestation type is invalid.'],
    });
  });

  it('keeps the settings it is created with', () => {
    const document = create({ requiresSignature: false, renewalIntervalDays: 365, autoRenew: true });
    expect(document.toSnapshot()).toMatchObject({
      organizationId: 'o',
      name: 'Code of conduct',
      requiresSignature: false,
      renewalIntervalDays: 365,
      autoRenew: true,
      createdAt: now,
      updatedAt: now,
    });
    expectNewEntity(document);
  });

  it('takes content of 500,000 characters and refuses one more', () => {
    const draft = (content: string) =>
      DocumentRevision.draft({ organizationId: 'o', documentId: 'd', content, contentType: 'text/plain', now });
    expect(draft('€'.repeat(REVISION_CONTENT_MAX_LENGTH)).content).toHaveLength(500_000);
    expect(fieldErrorsOf(() => draft('x'.repeat(REVISION_CONTENT_MAX_LENGTH + 1)))).toEqual({
      content: ['The content field must not be greater than 500000 characters.'],
    });
    const revision = draft('text');
    expect(revision).toMatchObject({
      organizationId: 'o',
      documentId: 'd',
      contentType: 'text/plain',
      publishedAt: null,
      createdAt: now,
    });
  });
});

describe('Document.update', () => {
  itUpdatesOnlyWhatChanges(() => aDocument({ renewalIntervalDays: 30, autoRenew: true }), {
    unchanged: [{}, { name: ' Code of conduct ', requiresSignature: true, renewalIntervalDays: 30, autoRenew: true }],
    each: [
      [{ name: 'Handbook' }, { name: 'Handbook' }],
      [{ requiresSignature: false }, { requiresSignature: false }],
      [{ renewalIntervalDays: 7 }, { renewalIntervalDays: 7 }],
      [{ renewalIntervalDays: null }, { renewalIntervalDays: null }],
      [{ autoRenew: false }, { autoRenew: false }],
    ],
  });

  it('applies the rules of create', () => {
    const document = aDocument();
    expect(fieldErrorsOf(() => document.update({ name: 'n'.repeat(256) }, later))).toHaveProperty('name');
    expect(fieldErrorsOf(() => document.update({ renewalIntervalDays: 0 }, later))).toHaveProperty(
      'renewal_interval_days',
    );
    expect(document.toSnapshot()).toEqual(aDocument().toSnapshot());
  });
});

describe('Document archiving', () => {
  itArchivesOnceAndRestores(aDocument);
});
