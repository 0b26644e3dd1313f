import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { normaliseId } from '@lib/core';
import { answerPage, listItems, UlidPathPipe } from '@lib/http';
import { AppConfig } from '../../config/app-config';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import type { AttestationRequestsFilter } from '../application/attestation-request-listing';
import { CancelAttestationRequest } from '../application/cancel-attestation-request.use-case';
import { CreateAttestationRequest } from '../application/create-attestation-request.use-case';
import { ListAttestationRequests } from '../application/list-attestation-requests.use-case';
import { RemindAttestationRequest } from '../application/remind-attestation-request.use-case';
import { ShowAttestationRequest } from '../application/show-attestation-request.use-case';
import type { RequestSource } from '../domain/attestation-request';
import type { AttestationRequestStatus } from '../domain/attestation-request-status';
import { presentAttestationRequest } from './attestation-request.presenter';
import { AttestationRequestPage, AttestationRequestResponse } from './attestation-request.response';
import { CreateAttestationRequestBody, ListAttestationRequestsQuery, parseDateTime } from './attestation-requests.dto';
import { RequestsEndpoint, RequestEndpoint } from './attestation-requests-endpoints';

@Controller('attestation-requests')
export class AttestationRequestsController {
  constructor(
    private readonly config: AppConfig,
    private readonly createRequest: CreateAttestationRequest,
    private readonly listRequests: ListAttestationRequests,
    private readonly showRequest: ShowAttestationRequest,
    private readonly cancelRequest: CancelAttestationRequest,
    private readonly remindRequest: RemindAttestationRequest,
  ) {}

  /** A page of the organization's requests; the filters combine with AND and are carried in the links. */
  @Get()
  @RequestsEndpoint({
    operationId: 'listAttestationRequests',
    summary: 'List attestation requests',
    description:
      "The organization's requests, oldest first (by `created_at`, then `id`). Filters, each optional, combine " +
      'with AND; `status` and `source` take comma-separated values, any of which matches. A sync job reads every ' +
      'change with `updated_since` set to the largest `updated_at` it saw last time.',
    success: { status: 200, description: 'A page of requests.', type: AttestationRequestPage },
    unprocessable:
      'A malformed `person_id` or `document_id`, an unknown status or source, an `updated_since` that is not a ' +
      'date-time with a zone, or invalid paging.',
  })
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ListAttestationRequestsQuery) {
    const filter: AttestationRequestsFilter = {
      personId: query.person_id ? normaliseId(query.person_id) : undefined,
      documentId: query.document_id ? normaliseId(query.document_id) : undefined,
      statuses: query.status ? (listItems(query.status) as AttestationRequestStatus[]) : undefined,
      sources: query.source ? (listItems(query.source) as RequestSource[]) : undefined,
      updatedSince: query.updated_since ? (parseDateTime(query.updated_since) ?? undefined) : undefined,
    };
    const linkFilters = {
      person_id: filter.personId,
      document_id: filter.documentId,
      status: filter.statuses?.join(','),
      source: filter.sources?.join(','),
      updated_since: filter.updatedSince?.toISOString(),
    };
    return answerPage(
      query,
      `${this.config.apiBaseUrl}/attestation-requests`,
      (page) => this.listRequests.execute({ organizationId: principal.organization.id, filter, page }),
      presentAttestationRequest,
      linkFilters,
    );
  }

  @Get(':id')
  @RequestEndpoint({
    operationId: 'showAttestationRequest',
    summary: 'Show an attestation request',
    description:
      'One request of the organization, in whatever status. An id of another organization, or a malformed one, ' +
      'answers 404 like a missing one.',
    success: { status: 200, description: 'The request.', type: AttestationRequestResponse },
  })
  async show(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return presentAttestationRequest(
      await this.showRequest.execute({ organizationId: principal.organization.id, requestId: id }),
    );
  }

  /** 201 with the new request; its email is queued once the request commits. */
  @Post()
  @RequestsEndpoint({
    operationId: 'createAttestationRequest',
    summary: 'Send a document for signature',
    description:
      "Sends the document's latest published revision to the person for a typed-name signature. The request is " +
      'answered in status `sent`; any older open request of the person for the document is canceled. The email ' +
      'goes out after the response. Checks, in order: validation 422, person or document not found 404, person or ' +
      'document archived 422, no published revision 400, document not requiring a signature 422.',
    success: { status: 201, description: 'The new request.', type: AttestationRequestResponse },
    jsonBody: true,
    badRequest: 'Or the document has no published revision.',
    notFound: 'The person or the document is not in the organization.',
    unprocessable:
      'Malformed ids, `recipient_message` not a string or over 5000 characters; the person or the document is ' +
      'archived; or the document does not require a signature.',
  })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: CreateAttestationRequestBody) {
    const request = await this.createRequest.execute({
      organizationId: principal.organization.id,
      requestedByUserId: principal.user.id,
      personId: body.person_id,
      documentId: body.document_id,
      recipientMessage: body.recipient_message,
      delivery: body.delivery,
    });
    return presentAttestationRequest(request);
  }

  /** A JSON body, or none, is ignored. */
  @Post(':id/cancel')
  @RequestEndpoint({
    operationId: 'cancelAttestationRequest',
    summary: 'Cancel an attestation request',
    description:
      'An open request (`created`, `sent`, `viewed`, `bounced`, `failed`, `complained`) becomes `canceled` with ' +
      '`canceled_at`; its page then answers 410 and no reminder is sent for it. An already canceled request is ' +
      'answered unchanged. A JSON body is ignored.',
    success: { status: 200, description: 'The canceled request.', type: AttestationRequestResponse },
    jsonBody: true,
    conflict: 'The request is attested or expired (`The attestation request is attested.`).',
  })
  async cancel(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return presentAttestationRequest(
      await this.cancelRequest.execute({ organizationId: principal.organization.id, requestId: id }),
    );
  }

  /** No body is read; a JSON one is ignored. */
  @Post(':id/remind')
  @RequestEndpoint({
    operationId: 'remindAttestationRequest',
    summary: 'Send a reminder now',
    description:
      "Emails the lifecycle's reminder, with the same page link as the request's first email, to a `sent` or " +
      '`viewed` request whose person and document are active and whose `expires_at` has not passed, and sets ' +
      '`last_reminded_at` in the same transaction. At most once an hour per request, counting reminders of either ' +
      "kind. Not counted toward the automatic pass's limit of 3 reminders, which waits `REMINDER_INTERVAL_DAYS` " +
      'from the latest reminder of either kind.',
    success: { status: 200, description: 'The reminded request.', type: AttestationRequestResponse },
    jsonBody: true,
    conflict:
      'Checked in this order: the status (final, or a delivery problem: send a new request instead), named; a ' +
      'request with `delivery` `none` (never emailed); the ' +
      'person or the document archived, or `expires_at` passed, said which; a reminder less than an hour ago.',
  })
  async remind(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return presentAttestationRequest(
      await this.remindRequest.execute({ organizationId: principal.organization.id, requestId: id }),
    );
  }
}
