import type { Request } from 'autocannon';
import type { DataSource } from 'typeorm';

/** What a scenario gets: the running API, a token of the seeded organization, and its database. */
export interface BenchContext {
  /** e.g. http://127.0.0.1:40123/api/v1 */
  apiUrl: string;
  token: string;
  organizationId: string;
  databaseUrl: string;
  /** The API's APP_KEY (console sign-in links are derived from it). */
  appKey: string;
  /** The API process's id (to read its memory, say). */
  apiPid: number;
  /** Runs SQL on the benchmark database (to pick ids for a request, say). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * What autocannon sends; the runner adds the origin, the token and the counts. Paths (here and in `requests`)
 * are relative to the API base, e.g. "/people?page=2". `requests` (autocannon's) varies the requests in turn,
 * and its `setupRequest` can give each one its own body.
 */
export interface BenchRequest {
  path: string;
  /** `path` is from the server's root (a console page), not from the API base. */
  fromRoot?: boolean;
  /**
   * Headers of each connection, in turn (a console session's cookie each): connection N sends the common headers
   * and the N-th of these (modulo their number).
   */
  connectionHeaders?: Record<string, string>[];
  method?: Request['method'];
  body?: string;
  headers?: Record<string, string>;
  requests?: Request[];
}

/**
 * One measured endpoint. Add one by dropping a file in bench/scenarios/ whose default export is
 * `defineScenario({...})`; files run in name order.
 */
export interface Scenario {
  /** What is measured, as it appears in the report, e.g. "GET /people?page=2000". */
  name: string;
  /** The request autocannon repeats; `path` is relative to the API base (…/api/v1). */
  request(context: BenchContext): BenchRequest | Promise<BenchRequest>;
  /** Measured requests (after a warm-up); at least 100. Default 200, or BENCH_REQUESTS. */
  requests?: number;
  /** Concurrent connections. Default 1, so the median is the latency of one request, not of a queue. */
  connections?: number;
  /**
   * The bench's bare reference (bench/lib/bare-server.ts) serves this request too: it is checked against the API
   * and both are measured alternately at 1 and 16 connections. Otherwise the API alone is measured, with
   * `requests` and `connections`.
   */
  bare?: boolean;
  /** The status every response must have. Default 200. */
  expectStatus?: number;
  /** Warm-up requests before the measured ones. Default 20. */
  warmUp?: number;
  /** A median above this many milliseconds fails the bench (after every scenario has run). */
  maxMedianMs?: number;
  /** A p99 above this many milliseconds fails the bench too. */
  maxP99Ms?: number;
  /**
   * Observes the API around the measured requests: `before` runs after the warm-up, `after` once they are done
   * and returns lines for the report, and the failures (requirements not met) that fail the bench.
   */
  observe?: {
    before(context: BenchContext): Promise<unknown>;
    after(context: BenchContext, before: unknown): Promise<{ lines: string[]; failures: string[] }>;
  };
  /**
   * Performs what one request does through the application's own repositories, on a DataSource whose
   * statements are recorded; each recorded SELECT is then run again under EXPLAIN ANALYZE. The statements
   * really run, so keep this to reads (or to writes that are harmless to repeat).
   */
  queries?(db: DataSource, context: BenchContext): Promise<unknown>;
}

export function defineScenario(scenario: Scenario): Scenario {
  return scenario;
}
