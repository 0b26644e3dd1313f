import { Body, Controller, Post } from '@nestjs/common';
import { ApiEndpoint } from '@lib/common';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { CreateAttestationRequest } from '../application/create-attestation-request.use-case';
import { presentAttestationRequest } from './attestation-request.presenter';
import { AttestationRequestResponse } from './attestation-request.response';
import { CreateAttestationRequestBody } from './attestation-requests.dto';

@Controller('attestation-requests')
export class AttestationRequestsController {
  constructor(private readonly createRequest: CreateAttestationRequest) {}

  /** 201 with the new request; its email is queued once the request commits. */
  @Post()
  @ApiEndpoint({
    operationId: 'createAttestationRequest',
    tag: 'Attestation requests',
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
    });
    return presentAttestationRequest(request);
  }
}
