import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { CreateDocument } from '../../src/documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import type { RevisionContentType } from '../../src/documents/domain/document-revision';
import type { Tenant } from './fixtures';
import { createPerson, PersonFixture } from './membership-fixtures';
import type { TestApp } from './test-app';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface IssuedRequest {
  requestId: string;
  /** The secret of the page link. */
  token: string;
  /** The page's path, for supertest. */
  path: string;
  person: PersonFixture;
  document: { id: string; name: string; revisionId: string };
}

/** A published document, with the revision text given. */
export async function publishDocument(
  app: INestApplicationContext,
  organizationId: string,
  input: {
    name?: string;
    content?: string;
    contentType?: RevisionContentType;
    renewalIntervalDays?: number | null;
    autoRenew?: boolean;
  } = {},
): Promise<{ id: string; name: string; revisionId: string }> {
  const name = input.name ?? `Policy ${unique()}`;
  const { document } = await app.get(CreateDocument).execute({
    organizationId,
    name,
    renewalIntervalDays: input.renewalIntervalDays,
    autoRenew: input.autoRenew,
  });
  const { revisionId } = await app.get(PublishDocumentRevision).execute({
    documentId: document.id,
    content: input.content ?? `# ${name}\n\nRead me, then sign.`,
    contentType: input.contentType,
  });
  return { id: document.id, name, revisionId };
}

/** A request sent through the API (POST /attestation-requests), and the secret of its page link. */
export async function issueRequest(
  t: TestApp,
  tenant: Tenant,
  input: {
    person?: PersonFixture;
    personName?: { firstName?: string; lastName?: string };
    document?: { id: string; name: string; revisionId: string };
    content?: string;
    contentType?: RevisionContentType;
    message?: string;
  } = {},
): Promise<IssuedRequest> {
  const person =
    input.person ??
    (await createPerson(t.app, tenant.organizationId, {
      firstName: input.personName?.firstName ?? 'Ada',
      lastName: input.personName?.lastName ?? 'Lovelace',
    }));
  const document =
    input.document ??
    (await publishDocument(t.app, tenant.organizationId, { content: input.content, contentType: input.contentType }));
  const response = await t.http
    .post('/api/v1/attestation-requests')
    .set(tenant.auth)
    .send({ person_id: person.id, document_id: document.id, recipient_message: input.message })
    .expect(201);
  const requestId: string = response.body.id;
  const token = t.app.get(AttestationLinks).tokenFor(requestId);
  return { requestId, token, path: `/attest/${token}`, person, document };
}

/** The hidden fields of the page's form, and the cookie that goes with them. */
export interface OpenedForm {
  formToken: string;
  contentSha256: string;
  cookie: string;
  html: string;
}

export function formOf(response: request.Response): OpenedForm {
  const html = response.text;
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const cookie = ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('attest_form='));
  if (!cookie) throw new Error(`the page set no form cookie (status ${response.status})`);
  return { formToken: field('_form'), contentSha256: field('content_sha256'), cookie, html };
}

/** Opens the page (GET) and answers its form. */
export async function openForm(t: TestApp, path: string, ip = '203.0.113.1'): Promise<OpenedForm> {
  const response = await t.http.get(path).set('X-Forwarded-For', ip).expect(200);
  return formOf(response);
}

/** Posts the page's form as a browser would. */
export function submitForm(
  t: TestApp,
  path: string,
  form: OpenedForm,
  fields: { typed_name?: string; consent?: string | null; _form?: string; content_sha256?: string } = {},
  options: { cookie?: string | null; ip?: string; userAgent?: string } = {},
) {
  const body = new URLSearchParams();
  body.set('_form', fields._form ?? form.formToken);
  body.set('content_sha256', fields.content_sha256 ?? form.contentSha256);
  body.set('typed_name', fields.typed_name ?? 'Ada Lovelace');
  const consent = fields.consent === undefined ? 'yes' : fields.consent;
  if (consent !== null) body.set('consent', consent);
  let post = t.http
    .post(path)
    .set('Content-Type', 'application/x-www-form-urlencoded')
    .set('X-Forwarded-For', options.ip ?? '203.0.113.1')
    .set('User-Agent', options.userAgent ?? 'Mozilla/5.0 (test)');
  const cookie = options.cookie === undefined ? form.cookie : options.cookie;
  if (cookie) post = post.set('Cookie', cookie);
  return post.send(body.toString());
}
