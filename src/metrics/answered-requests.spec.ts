import fc from 'fast-check';
import { Counter, Histogram, Registry, RegistryContentType } from 'prom-client';
import { AnsweredRequests } from './answered-requests';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LABELS = ['method', 'route', 'status'] as const;

/** The same two metrics kept by prom-client's own Counter and Histogram, the reference the tally must equal. */
function reference(format: RegistryContentType) {
  const registry = new Registry<RegistryContentType>();
  registry.setContentType(format);
  const counter = new Counter({ name: 'answers_total', help: 'Answers.', labelNames: LABELS, registers: [registry] });
  const histogram = new Histogram({
    name: 'answer_seconds',
    help: 'Durations.',
    labelNames: LABELS,
    buckets: BOUNDS,
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    },
  };
}

function tally(format: RegistryContentType) {
  const registry = new Registry<RegistryContentType>();
  registry.setContentType(format);
  const answers = new AnsweredRequests(BOUNDS);
  registry.registerMetric(answers.counter('answers_total', 'Answers.'));
  registry.registerMetric(answers.histogram('answer_seconds', 'Durations.'));
  return { registry, record: answers.record.bind(answers) };
}

const answer = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
  route: fc.constantFrom('/api/v1/me', '/api/v1/people/:id', '(unmatched)', '/metrics'),
  status: fc.constantFrom(200, 201, 204, 404, 422, 429, 500),
  // The bounds themselves (a bucket holds what equals its bound), and anything from 0 to beyond the last.
  seconds: fc.oneof(fc.constantFrom(...BOUNDS), fc.double({ min: 0, max: 20, noNaN: true })),
});

describe('AnsweredRequests', () => {
  it("exposes exactly what prom-client's own counter and histogram expose for the same answers: the text in both formats, and the JSON", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(answer, { maxLength: 60 }),
        fc.constantFrom(Registry.PROMETHEUS_CONTENT_TYPE, Registry.OPENMETRICS_CONTENT_TYPE),
        async (answers, format) => {
          const expected = reference(format);
          const actual = tally(format);
          for (const { method, route, status, seconds } of answers) {
            expected.record(method, route, status, seconds);
            actual.record(method, route, status, seconds);
          }
          expect(await actual.registry.metrics()).toBe(await expected.registry.metrics());
          expect(await actual.registry.getMetricsAsJSON()).toEqual(await expected.registry.getMetricsAsJSON());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('forgets every series on a registry reset, and counts afresh after it', async () => {
    const expected = reference(Registry.PROMETHEUS_CONTENT_TYPE);
    const actual = tally(Registry.PROMETHEUS_CONTENT_TYPE);
    for (const side of [expected, actual]) {
      side.record('GET', '/api/v1/me', 200, 0.003);
      side.registry.resetMetrics();
      side.record('POST', '/api/v1/people', 201, 0.2);
    }
    const text = await actual.registry.metrics();
    expect(text).toBe(await expected.registry.metrics());
    expect(text).not.toContain('/api/v1/me');
    expect(text).toContain('answers_total{method="POST",route="/api/v1/people",status="201"} 1');
  });
});
