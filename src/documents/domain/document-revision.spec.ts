import { createHash } from 'node:crypto';
import { IllegalTransitionError } from '@lib/core';
import { DocumentRevision } from './document-revision';

const now = new Date('2026-11-22T10:00:00.000Z');
const draft = (content = '# Code of conduct\n') =>
  DocumentRevision.draft({ organizationId: 'o', documentId: 'd', content, contentType: 'text/markdown', now });

describe('DocumentRevision', () => {
  it('keeps the SHA-256 of its content, so an attestation can prove which text was signed', () => {
    const revision = draft('Été\n');
    expect(revision.contentSha256).toBe(createHash('sha256').update('Été\n', 'utf8').digest('hex'));
    expect(revision.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is a draft until published, and is published at most once', () => {
    const revision = draft();
    expect(revision.isPublished).toBe(false);
    revision.publish(now);
    expect(revision.publishedAt).toEqual(now);
    expect(revision.isPublished).toBe(true);
    expect(() => revision.publish(new Date(now.getTime() + 1))).toThrow(IllegalTransitionError);
    expect(() => revision.publish(new Date(now.getTime() + 1))).toThrow('A revision is published at most once.');
    expect(revision.publishedAt).toEqual(now);
  });
});
