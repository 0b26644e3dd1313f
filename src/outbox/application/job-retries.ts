/** Tries of a job whose handler throws (the last one is flagged final); the waits between them double. */
export const JOB_ATTEMPTS = 5;

/** The wait after `failedAttempts` tries: `backoffMs`, then twice as long before each next one. */
export function retryDelay(settings: { backoffMs: number }, failedAttempts: number): number {
  return settings.backoffMs * 2 ** Math.max(0, failedAttempts - 1);
}

/** Thrown by a handler when trying again cannot help: the job fails at once, whatever tries are left. */
export class PermanentJobError extends Error {}
