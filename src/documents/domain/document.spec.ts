import { ValidationFailedError } from '@lib/core';
import { Document } from './document';
import { DocumentRevision } from './document-revision';

const now = new Date('2026-11-22T10:00:00.000Z');
const create = (input: Partial<Parameters<typeof Document.create>[0]> = {}) =>
  Document.create({ organizationId: 'o', name: 'Code of conduct', now, ...input });

describe('Document', () => {
  it('defaults to a signature document that requires signing, without renewal', () => {
    expect(create()).toMatchObject({
      defaultAttestationType: 'signature',
      requiresSignature: true,
      renewalIntervalDays: null,
      autoRenew: false,
      latestRevisionId: null,
      archivedAt: null,
    });
    expect(create().hasPublishedRevision).toBe(false);
  });

  it('takes the published revision as its latest', () => {
    const document = create();
    const revision = DocumentRevision.draft({
      organizationId: 'o',
      documentId: document.id,
      content: '',
      contentType: 'text/plain',
      now,
    });
    const later = new Date(now.getTime() + 60_000);
    document.adoptLatestRevision(revision, later);
    expect(document.latestRevisionId).toBe(revision.id);
    expect(document.hasPublishedRevision).toBe(true);
    expect(document.updatedAt).toEqual(later);
  });

  it.each([
    [{ name: '  ' }, 'name'],
    [{ name: 'n'.repeat(256) }, 'name'],
    [{ renewalIntervalDays: 0 }, 'renewal_interval_days'],
    [{ renewalIntervalDays: 1.5 }, 'renewal_interval_days'],
    [{ attestationType: 'wet-ink' as never }, 'attestation_type'],
  ])('refuses %j', (input, field) => {
    expect(() => create(input)).toThrow(ValidationFailedError);
    try {
      create(input);
    } catch (error) {
      expect(Object.keys((error as ValidationFailedError).errors)).toEqual([field]);
    }
  });

  it('keeps the first archiving date', () => {
    const document = create();
    document.archive(now);
    document.archive(new Date(now.getTime() + 1));
    expect(document.archivedAt).toEqual(now);
    expect(document.isArchived).toBe(true);
  });
});
