/** The scheduled passes of the request lifecycle; each is one use-case that takes "now" from the Clock. */
export const LIFECYCLE_TASKS = ['expire-overdue-requests', 'send-due-reminders', 'renew-due-attestations'] as const;
export type LifecycleTask = (typeof LIFECYCLE_TASKS)[number];

/** The BullMQ queue of the lifecycle's job schedulers. */
export const LIFECYCLE_QUEUE_NAME = 'request-lifecycle';
