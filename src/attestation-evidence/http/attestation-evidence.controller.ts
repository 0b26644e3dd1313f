import { Controller, Get, Param, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiException, UlidPathPipe } from '@lib/http';
import { RequestEndpoint } from '../../attestation-requests/http/attestation-requests-endpoints';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { RenderCertificate } from '../application/render-certificate.use-case';
import { ShowAttestationEvidence } from '../application/show-attestation-evidence.use-case';
import { SignEvidence } from '../application/sign-evidence.use-case';
import { presentAttestationEvidence } from './attestation-evidence.presenter';
import { AttestationEvidenceResponse } from './attestation-evidence.response';

const JOSE = 'application/jose';
const NOT_ACCEPTABLE = 'The evidence is available as application/json or application/jose.';

/** What an auditor files for a request: the evidence record (JSON) and the certificate of completion (PDF). */
@Controller('attestation-requests')
export class AttestationEvidenceController {
  constructor(
    private readonly showEvidence: ShowAttestationEvidence,
    private readonly renderCertificate: RenderCertificate,
    private readonly signEvidence: SignEvidence,
  ) {}

  @Get(':id/evidence')
  @RequestEndpoint({
    operationId: 'showAttestationEvidence',
    summary: 'Evidence of an attestation',
    description:
      'The request, its document and revision (with the SHA-256 fingerprint the attestation page shows), and, once ' +
      'signed, the audit entry: typed name, whether it matches the recipient’s name, time, IP address, user ' +
      'agent and the fingerprint of the text shown. Read from one consistent snapshot. Any status. With ' +
      '`Accept: application/jose`, the same record as a compact JWS (EdDSA), verifiable with the keys at ' +
      '`/.well-known/jwks.json` alone.',
    success: {
      status: 200,
      description: 'The evidence record (JSON), or the same record signed (`application/jose`).',
      type: AttestationEvidenceResponse,
      alternatives: {
        [JOSE]: {
          description:
            'A compact JWS (`header.payload.signature`): the header names `alg` (EdDSA) and the `kid` of a key ' +
            'of `/.well-known/jwks.json`; the payload is the evidence record’s JSON, byte for byte.',
          schema: {
            type: 'string',
            pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
            example: 'eyJhbGciOiJFZERTQSIsImtpZCI6Ii4uLiJ9.eyJhdHRlc3RhdGlvbl9yZXF1ZXN0Ijp7fX0.c2lnbmF0dXJl',
          },
        },
      },
    },
    notAcceptable: `\`Accept\` names neither \`application/json\` nor \`application/jose\`: \`${JSON.stringify({ error: NOT_ACCEPTABLE })}\`.`,
  })
  async evidence(
    @CurrentPrincipal() principal: Principal,
    @Param('id', UlidPathPipe) id: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const type = request.accepts(['application/json', JOSE]);
    response.setHeader('Vary', 'Accept');
    if (type === false) throw new ApiException(406, { error: NOT_ACCEPTABLE });
    const evidence = await this.showEvidence.execute({ organizationId: principal.organization.id, requestId: id });
    const record = presentAttestationEvidence(evidence);
    if (type !== JOSE) return record;
    response.setHeader('Content-Type', JOSE);
    return this.signEvidence.execute(record);
  }

  @Get(':id/certificate')
  @RequestEndpoint({
    operationId: 'downloadAttestationCertificate',
    summary: 'Certificate of completion (PDF)',
    description:
      'An A4 PDF drawn on request from the evidence record: organization, document and revision, the SHA-256 of ' +
      'the text signed, recipient name and email, the typed name and whether it matched, the time (UTC), IP ' +
      'address and user agent of the signature, and the request’s timeline. Names in any script are drawn with ' +
      'embedded Noto fonts; a character none of them has is shown as its code point, e.g. `[U+1F600]`.',
    success: {
      status: 200,
      description: 'The certificate, as a download.',
      file: {
        mediaType: 'application/pdf',
        headers: {
          'Content-Disposition': {
            description: '`attachment; filename="attestation-<id>.pdf"`, with the request’s id.',
            required: true,
            schema: { type: 'string', pattern: '^attachment; filename="attestation-[0-9a-z]{26}\\.pdf"$' },
          },
        },
      },
    },
    conflict: 'The request is not `attested`: `{"error":"The attestation request is not attested."}`.',
  })
  async certificate(
    @CurrentPrincipal() principal: Principal,
    @Param('id', UlidPathPipe) id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    const { requestId, pdf } = await this.renderCertificate.execute({
      organizationId: principal.organization.id,
      requestId: id,
    });
    response.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="attestation-${requestId}.pdf"`,
      length: pdf.length,
    });
  }
}
