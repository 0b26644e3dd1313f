import { Injectable } from '@nestjs/common';
import { Clock, ValidationFailedError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Actor } from '../../identity/application/actor';
import { SsoSettings } from '../domain/sso-settings';
import { SsoClientSecrets } from './sso-client-secrets';
import { SsoSettingsRepository } from './sso-settings.repository';

/** An owner sets the organization's OpenID Connect provider; a blank secret keeps the one stored. */
@Injectable()
export class ConfigureSso {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: SsoSettingsRepository,
    private readonly box: SsoClientSecrets,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    actor: Actor;
    issuer: string;
    clientId: string;
    clientSecret: string;
    allowedDomains: string[];
    required: boolean;
  }): Promise<SsoSettings> {
    const { actor } = input;
    if (actor.role !== 'owner') {
      throw ValidationFailedError.single('issuer', 'Only an owner can configure single sign-on.');
    }
    return this.unitOfWork.run(async () => {
      const existing = await this.settings.find(actor.organizationId);
      const secret = input.clientSecret.trim();
      if (secret === '' && !existing)
        throw ValidationFailedError.single('client_secret', 'The client secret is required.');
      const settings = SsoSettings.configure({
        organizationId: actor.organizationId,
        issuer: input.issuer.trim().replace(/\/$/, ''),
        clientId: input.clientId,
        clientSecretSealed: secret === '' ? existing!.clientSecretSealed : this.box.seal(secret),
        allowedDomains: input.allowedDomains,
        required: input.required,
        updatedAt: this.clock.now(),
      });
      await this.settings.save(settings);
      await this.audit.changedBy(actor, 'sso.configured', {
        issuer: settings.issuer,
        client_id: settings.clientId,
        allowed_domains: settings.allowedDomains,
        required: settings.required,
        secret_changed: secret !== '',
      });
      return settings;
    });
  }
}
