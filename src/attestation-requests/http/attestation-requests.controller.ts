import { Body, Controller, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { RelayAfterResponse } from '../../notifications/http/relay-after-response';
import { CreateAttestationRequest } from '../application/create-attestation-request.use-case';
import { presentAttestationRequest } from './attestation-request.presenter';
import { CreateAttestationRequestBody } from './attestation-requests.dto';

@Controller('attestation-requests')
export class AttestationRequestsController {
  constructor(
    private readonly createRequest: CreateAttestationRequest,
    private readonly afterResponse: RelayAfterResponse,
  ) {}

  /** 201 with the new request; its email is queued after the answer. */
  @Post()
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateAttestationRequestBody,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { request, notificationId } = await this.createRequest.execute({
      organizationId: principal.organization.id,
      requestedByUserId: principal.user.id,
      personId: body.person_id,
      documentId: body.document_id,
      recipientMessage: body.recipient_message,
    });
    this.afterResponse.schedule(response, [notificationId]);
    return presentAttestationRequest(request);
  }
}
