/** A job to add. */
export interface OutboxJob<Data> {
  name: string;
  data: Data;
  /**
   * Deterministic (the outbox row's id): adding a job whose id is waiting, delayed or running adds nothing, so a
   * row relayed twice is one job. None for a signal, which is never merged.
   */
  id?: string;
  /** Due in this long; 0 or less (or none): now. */
  delayMs?: number;
}

/** One run of a job, as its handler sees it. */
export interface JobRun<Data> {
  name: string;
  data: Data;
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows if this one throws. */
  isFinal: boolean;
}

/** Done, or come back in `postponeMs` without counting a failed try (what it needs is busy). */
export type JobOutcome = void | { postponeMs: number };

export type JobHandler<Data> = (run: JobRun<Data>) => Promise<JobOutcome>;

export interface ConsumerSettings {
  /** Jobs handled at once by one process. */
  concurrency: number;
  /** Wait before the 2nd try of a job that threw; then twice as long before each next one. */
  backoffMs: number;
  /** How long a crashed consumer's job stays claimed before another takes it (BullMQ lock). */
  lockDurationMs: number;
  /** How often claims of crashed consumers are looked for (BullMQ stalled check). */
  stalledIntervalMs: number;
}

/** What sets one queue apart from another; the rest of the machine is shared. */
export interface QueueDefinition {
  /** The queue's name on Redis: each outbox has its own, so a backlog of one never sits in front of another. */
  name: string;
  /** Whose lines the queue's logs are. */
  logContext: string;
  /**
   * Completed jobs kept on Redis this long, so that a row relayed again just after its job completed adds
   * nothing. None by default: a completed job is removed at once.
   */
  keepCompleted?: { age: number; count: number };
}

/** A queue that keeps its completed jobs a day, `count` of them at most (see QueueDefinition.keepCompleted). */
export function queueKeepingCompletedJobs(name: string, logContext: string, count: number): QueueDefinition {
  return { name, logContext, keepCompleted: { age: 24 * 3600, count } };
}

/**
 * Carries the jobs of one outbox from the process that commits rows to the one that handles them. Two adapters:
 * BullMQ on Redis, and an in-process one for the embedded mode without Redis; both retry a job that throws (see
 * job-retries.ts), and drop a job added while one of the same id is pending.
 */
export abstract class OutboxQueue<Data> {
  abstract add(jobs: readonly OutboxJob<Data>[]): Promise<void>;
  /**
   * Whether what is added will be handled: always on Redis (a worker takes it); in process, only where a
   * consumer runs. Relaying to an in-process queue no one reads (the admin CLI without Redis) would only hide
   * the rows from the periodic relay of the process that does handle them.
   */
  abstract get hasConsumer(): boolean;
  /** Declared by the consumer when it is created, before anything this process does at boot may relay. */
  abstract expectConsumer(): void;
  /** Starts taking jobs; only the worker (or the embedded API) calls it. */
  abstract process(handler: JobHandler<Data>, settings: ConsumerSettings): Promise<void>;
  /** Stops taking jobs and waits for the ones in hand to finish. */
  abstract close(): Promise<void>;
}
