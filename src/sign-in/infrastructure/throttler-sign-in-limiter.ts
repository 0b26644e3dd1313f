import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { SignInLimiter } from '../application/sign-in-limiter';

const WINDOW_MS = 15 * 60_000;

/** Counts in the rate limiter's storage (Redis when there is one, shared by every API process). */
@Injectable()
export class ThrottlerSignInLimiter extends SignInLimiter {
  constructor(@Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage) {
    super();
  }

  async allow(key: string, limit: number): Promise<boolean> {
    const record = await this.storage.increment(`console-sign-in:${key}`, WINDOW_MS, limit, WINDOW_MS, 'console');
    return !record.isBlocked;
  }
}
