/**
 * Counts sign-in link requests per key (an address, a client IP) over 15 minutes, across API processes; false
 * once a key is over its allowance.
 */
export abstract class SignInLimiter {
  abstract allow(key: string, limit: number): Promise<boolean>;
}
