/** Seconds before each retry: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (docs/api-guide.md#webhooks). */
export const DEFAULT_RETRY_SCHEDULE_SECONDS: readonly number[] = [5, 300, 1800, 7200, 18000, 36000, 36000];

/**
 * When the attempt after a failed attempt `attempt` (1-based) runs, or null when it was the last one; with no
 * schedule configured (WEBHOOK_RETRY_SCHEDULE unset), the default one.
 */
export function nextAttemptAt(schedule: readonly number[] | undefined, attempt: number, failedAt: Date): Date | null {
  const waitSeconds = (schedule ?? DEFAULT_RETRY_SCHEDULE_SECONDS)[attempt - 1];
  return waitSeconds === undefined ? null : new Date(failedAt.getTime() + waitSeconds * 1000);
}
