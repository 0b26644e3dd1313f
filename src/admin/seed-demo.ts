import type { INestApplicationContext } from '@nestjs/common';
import { CreateDocument } from '../documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../documents/application/publish-document-revision.use-case';
import type { AttestationType } from '../documents/domain/document';
import { AddDocumentsToGroup } from '../groups/application/add-documents-to-group.use-case';
import { CreateGroup } from '../groups/application/create-group.use-case';
import { CreateOrganization } from '../identity/application/create-organization.use-case';
import { CreateUser } from '../identity/application/create-user.use-case';
import { IssueApiToken } from '../identity/application/issue-api-token.use-case';
import { CreatePerson } from '../people/application/create-person.use-case';
import { presentIssuedToken, presentOrganization, presentUser } from './identity.presenter';

const PEOPLE: Array<[first: string, last: string, phone: string | null]> = [
  ['Grace', 'Hopper', '+14155550101'],
  ['Alan', 'Turing', '+442079460102'],
  ['Katherine', 'Johnson', null],
  ['Edsger', 'Dijkstra', '+31205550104'],
  ['Barbara', 'Liskov', null],
  ['Donald', 'Knuth', '+16505550106'],
  ['Margaret', 'Hamilton', null],
  ['Tim', 'Berners-Lee', '+442079460108'],
  ['Radia', 'Perlman', null],
  ['Ken', 'Thompson', '+19085550110'],
];

const DOCUMENTS: Array<{ name: string; type: AttestationType; renewalIntervalDays?: number; content: string }> = [
  {
    name: 'Code of Conduct',
    type: 'signature',
    renewalIntervalDays: 365,
    content: '# Code of Conduct\n\nBe kind, be honest, and report what worries you.\n',
  },
  {
    name: 'Information Security Policy',
    type: 'signature',
    content: '# Information Security Policy\n\n- Lock your screen.\n- Never share your password.\n',
  },
  {
    name: 'Employee Handbook',
    type: 'acknowledgment',
    content: '# Employee Handbook\n\nWelcome aboard. This handbook explains how we work.\n',
  },
];

/**
 * A demo organization with an active subscription, an owner and their token, ten people, three published
 * documents and two groups, one issuing requests automatically. Used by `seed:demo` and the first `npm start`.
 */
export async function seedDemo(app: INestApplicationContext, input: { organizationName?: string } = {}) {
  const organization = await app.get(CreateOrganization).execute({
    name: input.organizationName ?? 'Demo Organization',
    billing: 'active',
  });
  const { user, membership } = await app.get(CreateUser).execute({
    organizationId: organization.id,
    name: 'Demo Owner',
    // Users are unique by email across organizations; the suffix lets the seed run more than once.
    email: `owner.${organization.id.slice(-8)}@demo.example.com`,
    role: 'owner',
  });
  const issued = await app.get(IssueApiToken).execute({
    userId: user.id,
    organizationId: organization.id,
    name: 'Demo token',
  });

  const people = [];
  for (const [firstName, lastName, phone] of PEOPLE) {
    people.push(
      await app.get(CreatePerson).execute({
        organizationId: organization.id,
        firstName,
        lastName,
        email: `${firstName}.${lastName}@demo.example.com`.toLowerCase(),
        phone,
      }),
    );
  }

  const documents = [];
  for (const spec of DOCUMENTS) {
    const listing = await app.get(CreateDocument).execute({
      organizationId: organization.id,
      name: spec.name,
      attestationType: spec.type,
      renewalIntervalDays: spec.renewalIntervalDays,
    });
    await app.get(PublishDocumentRevision).execute({ documentId: listing.document.id, content: spec.content });
    documents.push(listing.document);
  }

  const allStaff = await app.get(CreateGroup).execute({
    organizationId: organization.id,
    name: 'All staff',
    autoIssueRequests: true,
  });
  const engineering = await app.get(CreateGroup).execute({ organizationId: organization.id, name: 'Engineering' });
  const [conduct, security, handbook] = documents;
  for (const [group, document] of [
    [allStaff, conduct],
    [allStaff, handbook],
    [engineering, security],
  ] as const) {
    await app.get(AddDocumentsToGroup).execute({ groupId: group.id, documentIds: [document.id] });
  }

  return {
    organization: presentOrganization(organization),
    user: presentUser(user, membership),
    token: presentIssuedToken(issued.token, issued.plaintext),
    people: people.map((person) => ({ id: person.id, name: person.name, email: person.email })),
    documents: documents.map((document) => ({ id: document.id, name: document.name })),
    groups: [allStaff, engineering].map((group) => ({
      id: group.id,
      name: group.name,
      auto_issue_requests: group.autoIssueRequests,
    })),
  };
}

export type DemoSeed = Awaited<ReturnType<typeof seedDemo>>;
