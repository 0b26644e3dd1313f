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
  amount: number;
  connections: number;
  expectStatus: number;
}): Promise<Measurement> {
  const latencies: number[] = [];
  const unexpected: Record<string, number> = {};
  const started = performance.now();
  const { path, requests, headers, ...rest } = options.request;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${options.url}${API_PREFIX}${path}`,
        connections: options.connections,
        amount: options.amount,
        timeout: 60,
        ...rest,
        ...(requests && {
          requests: requests.map((request) =>
            request.path ? { ...request, path: `${API_PREFIX}${request.path}` } : request,
          ),
        }),
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', ...headers },
      },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== options.expectStatus) unexpected[statusCode] = (unexpected[statusCode] ?? 0) + 1;
    });
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    median: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    requestsPerSecond: latencies.length / seconds,
    unexpected,
  };
}
