import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ArchiveDocument } from '../../documents/application/archive-document.use-case';
import { CreateDocument } from '../../documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../documents/application/publish-document-revision.use-case';
import { RestoreDocument } from '../../documents/application/restore-document.use-case';
import { UpdateDocument } from '../../documents/application/update-document.use-case';
import { ATTESTATION_TYPES, AttestationType } from '../../documents/domain/document';
import { REVISION_FORMATS, RevisionContentType, RevisionFormat } from '../../documents/domain/document-revision';
import { presentDocument, presentPublishedRevision } from '../../documents/http/document.presenter';
import type { AdminCommand } from '../admin-command';
import { choice, clearableInteger, flag, id, integer, path, text, UsageError } from '../cli-arguments';
import { archivalCommands, oneIdCommand, updateCommand } from '../one-id-command';

export const createDocumentCommand: AdminCommand = {
  name: 'document:create',
  summary: 'Create a document, unpublished until document:publish.',
  options: {
    org: id('the organization id'),
    name: text('the document name', true),
    'requires-signature': flag('whether it can be sent for signature (default true)'),
    'renewal-interval-days': integer('days (1..3650) after which an attestation is due again (default: never)'),
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

export const publishDocumentCommand = oneIdCommand({
  name: 'document:publish',
  summary: 'Publish a new revision of a document, which becomes its latest; earlier attestations become outdated.',
  options: {
    'content-file': path(
      'the revision text, up to 500,000 characters: Markdown, or plain text when the file ends in .txt ' +
        '(default: empty)',
    ),
    format: choice(Object.keys(REVISION_FORMATS), 'markdown or text (default: from the file name, as above)'),
  },
  async act(app, documentId, options) {
    const file = options.optionalString('content-file');
    const format = options.optionalChoice<RevisionFormat>('format');
    return app.get(PublishDocumentRevision).execute({
      documentId,
      content: file === undefined ? '' : await readContent(file),
      contentType: format ? REVISION_FORMATS[format] : contentTypeOf(file),
    });
  },
  present: presentPublishedRevision,
});

export const updateDocumentCommand = updateCommand({
  name: 'document:update',
  summary: 'Change a document (as PATCH /documents/{id}); requests and attestations already made stay.',
  fields: {
    name: ['name', text('the document name')],
    requiresSignature: ['requires-signature', flag('whether people are asked to sign it')],
    renewalIntervalDays: [
      'renewal-interval-days',
      clearableInteger('days (1..3650) after which an attestation is due again; empty: never'),
    ],
    autoRenew: ['auto-renew', flag('renew automatically when due')],
  },
  update: (app, documentId, changes) => app.get(UpdateDocument).execute({ documentId, changes }),
  present: presentDocument,
});

export const documentArchival = archivalCommands({
  kind: 'document',
  summaries: {
    archive: 'Archive a document: it leaves the default list; its requests, attestations and groups stay.',
    restore: 'Restore an archived document: listed again, and requests can be sent for it.',
  },
  archive: (app, documentId) => app.get(ArchiveDocument).execute({ documentId }),
  restore: (app, documentId) => app.get(RestoreDocument).execute({ documentId }),
  present: presentDocument,
});

async function readContent(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --content-file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
}

function contentTypeOf(file: string | undefined): RevisionContentType {
  return file !== undefined && extname(file).toLowerCase() === '.txt' ? 'text/plain' : 'text/markdown';
}
