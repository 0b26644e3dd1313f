import type { INestApplicationContext } from '@nestjs/common';
import { ArchiveDocument } from '../../src/documents/application/archive-document.use-case';
import { CreateDocument } from '../../src/documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { AddDocumentsToGroup } from '../../src/groups/application/add-documents-to-group.use-case';
import { CreateGroup } from '../../src/groups/application/create-group.use-case';
import type { NotificationWorkerSettings } from '../../src/notifications/notification-consumer';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import { createWorker } from '../../src/worker';
import type { TestApp } from './test-app';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Settings that make retries and recovery take milliseconds instead of seconds. */
export const FAST_WORKER: Partial<NotificationWorkerSettings> = {
  backoffMs: 50,
  lockDurationMs: 2_000,
  stalledIntervalMs: 1_000,
  relayIntervalMs: 200,
};

/** The background worker in this process, on the test app's configuration, database, Redis prefix and clock. */
export function startWorker(
  t: TestApp,
  settings: Partial<NotificationWorkerSettings> = {},
): Promise<INestApplicationContext> {
  return createWorker({ config: t.config, clock: t.clock }, { ...FAST_WORKER, ...settings });
}

export interface PersonFixture {
  id: string;
  email: string;
  name: string;
}

export async function createPerson(
  app: INestApplicationContext,
  organizationId: string,
  input: { firstName?: string; lastName?: string; email?: string; archived?: boolean } = {},
): Promise<PersonFixture> {
  const person = await app.get(CreatePerson).execute({
    organizationId,
    firstName: input.firstName ?? 'Grace',
    lastName: input.lastName ?? 'Hopper',
    email: input.email ?? `person.${unique()}@example.test`,
  });
  if (input.archived) await app.get(ArchivePerson).execute({ personId: person.id });
  return { id: person.id, email: person.email, name: person.name };
}

export async function createDocument(
  app: INestApplicationContext,
  organizationId: string,
  input: { name?: string; published?: boolean; requiresSignature?: boolean; archived?: boolean } = {},
): Promise<{ id: string; name: string; revisionId: string | null }> {
  const name = input.name ?? `Policy ${unique()}`;
  const { document } = await app.get(CreateDocument).execute({
    organizationId,
    name,
    requiresSignature: input.requiresSignature ?? true,
  });
  let revisionId: string | null = null;
  if (input.published ?? true) {
    revisionId = (await app.get(PublishDocumentRevision).execute({ documentId: document.id, content: `# ${name}` }))
      .revisionId;
  }
  if (input.archived) await app.get(ArchiveDocument).execute({ documentId: document.id });
  return { id: document.id, name, revisionId };
}

export async function createGroup(
  app: INestApplicationContext,
  organizationId: string,
  input: { autoIssue?: boolean; documentIds?: string[]; name?: string } = {},
): Promise<{ id: string }> {
  const group = await app.get(CreateGroup).execute({
    organizationId,
    name: input.name ?? `Group ${unique()}`,
    autoIssueRequests: input.autoIssue ?? true,
  });
  if (input.documentIds?.length) {
    await app.get(AddDocumentsToGroup).execute({ groupId: group.id, documentIds: input.documentIds });
  }
  return { id: group.id };
}

/** Polls until `probe` answers true (for effects that happen after the response). */
export async function eventually(probe: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits a while and fails if `probe` ever answers true (for "nothing more happens"). */
export async function never(probe: () => boolean, forMs = 1_000): Promise<void> {
  const deadline = Date.now() + forMs;
  while (Date.now() < deadline) {
    if (probe()) throw new Error('an unexpected effect happened');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
