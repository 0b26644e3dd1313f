import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ConsoleLink } from '../domain/console-link';
import { ConsoleLinkRepository } from './console-link.repository';
import { ConsoleUrls } from './console-urls';

/**
 * A sign-in link handed over on the server itself, not by email: the first start of the embedded mode prints one
 * for the demo owner, so a newcomer reaches the console without SMTP. Single use, like every link.
 */
@Injectable()
export class CreateSignInLink {
  constructor(
    private readonly links: ConsoleLinkRepository,
    private readonly urls: ConsoleUrls,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; ttlMs: number }): Promise<string> {
    const { link, secret } = ConsoleLink.issue({
      appKey: this.urls.appKey,
      userId: input.userId,
      purpose: 'sign_in',
      organizationId: null,
      now: this.clock.now(),
      ttlMs: input.ttlMs,
    });
    await this.links.save(link);
    return this.urls.link(secret);
  }
}
