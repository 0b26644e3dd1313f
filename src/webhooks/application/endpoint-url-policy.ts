import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { endpointUrlProblem, hostToResolve, PRIVATE_ADDRESS_MESSAGE } from '../domain/endpoint-url';
import { isNonPublicAddress } from '../domain/network-address';
import { HostResolver } from './host-resolver';

/**
 * An endpoint's URL (docs/api-guide.md#webhooks): https, at most 2,048 characters, and no private, loopback,
 * link-local or unique-local address, neither written in the URL nor among what its host resolves to now, unless
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true. A host that does not resolve now is accepted: every delivery resolves it
 * again and applies the same rule.
 */
@Injectable()
export class EndpointUrlPolicy {
  constructor(
    private readonly config: AppConfig,
    private readonly resolver: HostResolver,
  ) {}

  async check(url: string): Promise<void> {
    const allowPrivate = this.config.webhookAllowPrivateNetworks;
    const problem = endpointUrlProblem(url, allowPrivate);
    if (problem) throw ValidationFailedError.single('url', problem);
    if (allowPrivate) return;
    const host = hostToResolve(url);
    if (host === null) return;
    const addresses = await this.resolver.resolve(host);
    if (addresses.some(isNonPublicAddress)) throw ValidationFailedError.single('url', PRIVATE_ADDRESS_MESSAGE);
  }
}
