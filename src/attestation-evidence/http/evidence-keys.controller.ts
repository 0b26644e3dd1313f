import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Access } from '@lib/http';
import { PublishEvidenceKeys } from '../application/publish-evidence-keys.use-case';

/**
 * The public keys that verify signed evidence records, at the well-known place (RFC 8615) a JOSE library looks
 * for them: no token, outside `/api/v1`, like the probes.
 */
@Controller('.well-known')
@Access('public')
@ApiExcludeController()
export class EvidenceKeysController {
  constructor(private readonly publish: PublishEvidenceKeys) {}

  @Get('jwks.json')
  @Header('Content-Type', 'application/jwk-set+json')
  @Header('Cache-Control', 'public, max-age=300')
  keys() {
    return this.publish.execute();
  }
}
