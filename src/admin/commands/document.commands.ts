import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ArchiveDocument } from '../../documents/application/archive-document.use-case';
import { CreateDocument } from '../../documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../documents/application/publish-document-revision.use-case';
import { ATTESTATION_TYPES, AttestationType } from '../../documents/domain/document';
import type { RevisionContentType } from '../../documents/domain/document-revision';
import { presentDocument } from '../../documents/http/document.presenter';
import type { AdminCommand } from '../admin-command';
import { choice, flag, id, integer, path, text, UsageError } from '../cli-arguments';

export const createDocumentCommand: AdminCommand = {
  name: 'document:create',
  summary: 'Create a document, unpublished until document:publish.',
  options: {
    org: id('the organization id'),
    name: text('the document name', true),
    'requires-signature': flag('whether it can be sent for signature (default true)'),
    'renewal-interval-days': integer('days after which an attestation is due again (default: never)'),
    'auto-renew': flag('renew automatically when due (default false)'),
    'attestation-type': choice(ATTESTATION_TYPES, 'signature (default) or acknowledgment'),
  },
  async run(app, options) {
    const listing = await app.get(CreateDocument).execute({
      organizationId: options.string('org'),
      name: options.string('name'),
      requiresSignature: options.optionalBoolean('requires-signature'),
      renewalIntervalDays: options.optionalInteger('renewal-interval-days'),
      autoRenew: options.optionalBoolean('auto-renew'),
      attestationType: options.optionalChoice<AttestationType>('attestation-type'),
    });
    return presentDocument(listing);
  },
};

export const publishDocumentCommand: AdminCommand = {
  name: 'document:publish',
  summary: 'Publish a new revision of a document, which becomes its latest; earlier attestations become outdated.',
  options: {
    document: id('the document id'),
    'content-file': path('the revision text: Markdown, or plain text when the file ends in .txt (default: empty)'),
  },
  async run(app, options) {
    const file = options.optionalString('content-file');
    const published = await app.get(PublishDocumentRevision).execute({
      documentId: options.string('document'),
      ...(file === undefined ? {} : { content: await readContent(file), contentType: contentTypeOf(file) }),
    });
    return {
      document_revision_id: published.revisionId,
      document_id: published.documentId,
      published_at: published.publishedAt.toISOString(),
    };
  },
};

export const archiveDocumentCommand: AdminCommand = {
  name: 'document:archive',
  summary: 'Archive a document: it leaves the default list; its requests and attestations stay.',
  options: { document: id('the document id') },
  async run(app, options) {
    return presentDocument(await app.get(ArchiveDocument).execute({ documentId: options.string('document') }));
  },
};

async function readContent(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --content-file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

function contentTypeOf(file: string): RevisionContentType {
  return extname(file).toLowerCase() === '.txt' ? 'text/plain' : 'text/markdown';
}
