import { FixedClock, InvalidRequestError, NotFoundError, ValidationFailedError } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import {
  ImmediateUnitOfWork,
  InMemoryAttestationRequests,
  InMemoryDocumentAssignments,
  InMemoryOutbox,
  InMemoryRequestTargets,
  inMemoryIssuer,
} from '../../../test/support/in-memory-ports';
import { AttestationLinks } from './attestation-links';
import { CreateAttestationRequest } from './create-attestation-request.use-case';

const ORG = '01jd00000000000000000000a0';
const PERSON = '01jd00000000000000000000b0';
const DOCUMENT = '01jd00000000000000000000c0';
const REVISION = '01jd00000000000000000000d0';
const USER = '01jd00000000000000000000e0';

function setup(env: Record<string, string> = {}) {
  const config = new AppConfig({ APP_KEY: 'k'.repeat(32), APP_URL: 'https://app.test', ...env });
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  const targets = new InMemoryRequestTargets();
  const requests = new InMemoryAttestationRequests();
  const assignments = new InMemoryDocumentAssignments();
  const outbox = new InMemoryOutbox();
  targets.people.set(PERSON, {
    id: PERSON,
    organizationId: ORG,
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    archived: false,
  });
  targets.documents.set(DOCUMENT, {
    id: DOCUMENT,
    organizationId: ORG,
    name: 'Policy',
    requiresSignature: true,
    archived: false,
    latestRevisionId: REVISION,
  });
  const unitOfWork = new ImmediateUnitOfWork();
  const { issuer, queue } = inMemoryIssuer({ unitOfWork, requests, outbox, config, clock });
  const useCase = new CreateAttestationRequest(unitOfWork, targets, issuer, assignments, clock);
  const send = (input: Partial<{ personId: string; documentId: string; recipientMessage: string | null }> = {}) =>
    useCase.execute({ organizationId: ORG, requestedByUserId: USER, personId: PERSON, documentId: DOCUMENT, ...input });
  return { useCase, send, targets, requests, assignments, outbox, queue, clock, config };
}

describe('CreateAttestationRequest', () => {
  it('issues a sent oauth request, assigns the document and writes one outbox notification', async () => {
    const { send, assignments, outbox, queue, config } = setup();
    const request = await send({ recipientMessage: 'Hello' });
    const [notificationId] = queue.added;
    expect(request).toMatchObject({
      status: 'sent',
      source: 'oauth',
      documentRevisionId: REVISION,
      recipientName: 'Ada Lovelace',
      recipientEmail: 'ada@example.test',
      recipientMessage: 'Hello',
      requestedByUserId: USER,
      expiresAt: null,
    });
    expect(request.accessTokenHash).toBe(new AttestationLinks(config).tokenHashFor(request.id));
    expect(assignments.assigned).toEqual(new Set([`${DOCUMENT}:${PERSON}`]));
    expect(outbox.rows.get(notificationId)).toMatchObject({
      kind: 'request_sent',
      attestationRequestIds: [request.id],
    });
  });

  it('cancels the older open request of the same person and document', async () => {
    const { send, requests, clock } = setup();
    const older = await send();
    clock.advance(1000);
    const newer = await send();
    expect(requests.rows.get(older.id)).toMatchObject({ status: 'canceled', canceledAt: clock.now() });
    expect(requests.rows.get(newer.id)?.status).toBe('sent');
  });

  it('sets the default expiry when one is configured', async () => {
    const { send, clock } = setup({ ATTESTATION_REQUEST_TTL_DAYS: '7' });
    const request = await send();
    expect(request.expiresAt).toEqual(new Date(clock.now().getTime() + 7 * 86_400_000));
  });

  it('answers 404 before 422 archived, 422 archived before 400 unpublished, 400 before 422 no signature', async () => {
    const { send, targets } = setup();
    targets.people.get(PERSON)!.archived = true;
    targets.documents.get(DOCUMENT)!.latestRevisionId = null;
    targets.documents.get(DOCUMENT)!.requiresSignature = false;
    await expect(send({ documentId: '01jd00000000000000000000ff' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(send()).rejects.toEqual(
      new ValidationFailedError({ person_id: ['The selected person id is invalid.'] }),
    );
    targets.people.get(PERSON)!.archived = false;
    await expect(send()).rejects.toBeInstanceOf(InvalidRequestError);
    targets.documents.get(DOCUMENT)!.latestRevisionId = REVISION;
    await expect(send()).rejects.toEqual(
      new ValidationFailedError({ document_id: ['The document does not require a signature.'] }),
    );
  });

  it("does not find another organization's person or document", async () => {
    const { send, targets } = setup();
    targets.people.get(PERSON)!.organizationId = '01jd00000000000000000000a9';
    await expect(send()).rejects.toEqual(new NotFoundError('Person not found.'));
  });

  it('fails clearly without APP_KEY', async () => {
    const { useCase } = setup();
    const noKey = new AttestationLinks(new AppConfig({}));
    expect(() => noKey.tokenFor('01jd00000000000000000000b0')).toThrow(/APP_KEY is not set/);
    expect(useCase).toBeDefined();
  });
});
