import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { BenchRequest } from '../scenario';

/** The API lives under this prefix; scenarios give paths relative to it. */
const API_PREFIX = '/api/v1';

export interface Measurement {
  requests: number;
  /** Milliseconds, from autocannon's per-response timings (hrtime, not its whole-millisecond histogram). */
  median: number;
  p90: number;
  p99: number;
  max: number;
  requestsPerSecond: number;
  /** Responses whose status was not the expected one, by status. */
  unexpected: Record<string, number>;
  /** The latencies themselves (ms, sorted), to merge rounds. */
  latencies: number[];
  seconds: number;
  /** CPU time (user + system) the server process spent during the measurement, when its pid was given. */
  cpuMs: number;
  /** The server process's largest resident set seen during the measurement (sampled every 50 ms), MB. */
  peakRssMb: number;
}

const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in ms (Linux /proc). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** A process's resident set now, or its peak since it started (`VmHWM`), in MB. */
export function rssMbOf(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

export function percentileOf(sorted: number[], p: number): number {
  return percentile(sorted, p);
}

/** The median of values in any order (the mean of the middle two for an even count). */
export function medianOf(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** Sends `amount` requests over `connections` connections with autocannon and reports their latencies. */
export async function measure(options: {
  /** The API's origin, e.g. http://127.0.0.1:40123 */
  url: string;
  token: string;
  request: BenchRequest;
  /** Either a number of requests or a duration in seconds. */
  amount?: number;
  duration?: number;
  connections: number;
  expectStatus: number;
  /** The server's pid, for its CPU time and memory. */
  pid?: number;
}): Promise<Measurement> {
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  const started = performance.now();
  // autocannon ends a run at its next one-second tick, so the time its callback comes is rounded up to a whole
  // second: throughput is counted up to the last response instead (4,000 requests in 4.3 s read 800 req/s, not 930).
  let lastResponse = started;
  const cpuBefore = options.pid ? cpuMsOf(options.pid) : 0;
  let peakRssMb = options.pid ? rssMbOf(options.pid) : NaN;
  const sampler = options.pid
    ? setInterval(() => {
        peakRssMb = Math.max(peakRssMb, rssMbOf(options.pid!));
      }, 50)
    : undefined;
  const { path, requests, headers, fromRoot, connectionHeaders, ...rest } = options.request;
  const common = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', ...headers };
  let connection = 0;
  // autocannon calls this once per connection: each takes the next set of headers (its own session, say).
  const setupClient = connectionHeaders?.length
    ? (client: { setHeaders(headers: Record<string, string>): void }) =>
        client.setHeaders({ ...common, ...connectionHeaders[connection++ % connectionHeaders.length] })
    : undefined;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${options.url}${fromRoot ? '' : API_PREFIX}${path}`,
        ...(setupClient && { setupClient }),
        connections: options.connections,
        ...(options.duration ? { duration: options.duration } : { amount: options.amount }),
        timeout: 60,
        ...rest,
        ...(requests && {
          requests: requests.map((request) =>
            request.path ? { ...request, path: `${API_PREFIX}${request.path}` } : request,
          ),
        }),
        headers: common,
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastResponse = performance.now();
      if (statusCode !== options.expectStatus) unexpected[statusCode] = (unexpected[statusCode] ?? 0) + 1;
    });
  });
  const seconds = (lastResponse - started) / 1000;
  if (sampler) clearInterval(sampler);
  const cpuMs = options.pid ? cpuMsOf(options.pid) - cpuBefore : NaN;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    median: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    requestsPerSecond: latencies.length / seconds,
    unexpected,
    latencies,
    seconds,
    cpuMs,
    peakRssMb,
  };
}
