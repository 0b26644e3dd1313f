import { createHash, timingSafeEqual } from 'node:crypto';
import { Metrics } from './metrics';

export interface MetricsAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * GET /metrics, the same on the API and on the worker's listener: Prometheus text format, outside the API's token
 * and rate limit. With METRICS_TOKEN set, the scraper must send it as a bearer token.
 */
export async function answerMetrics(
  metrics: Metrics,
  metricsToken: string | undefined,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  if (metricsToken !== undefined && !bearerMatches(authorization, metricsToken)) {
    return {
      status: 401,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ error: 'Unauthenticated.' }),
    };
  }
  return { status: 200, contentType: metrics.contentType, body: await metrics.exposition() };
}

function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  // Compared as digests: equal length whatever was sent, and no early exit on the first differing byte.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(expected));
}
