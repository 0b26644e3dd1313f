import type { Metric } from 'prom-client';

/** Labels of one series: the request's method, the route template it matched and the status answered. */
export interface AnswerLabels {
  method: string;
  route: string;
  status: string;
}

/** A metric as prom-client's registry reads it from `get()` (the shape its own Counter and Histogram give). */
interface Exposition {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: ExposedValue[];
}

interface ExposedValue {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  metricName?: string;
  /** prom-client's histogram gives each bucket an exemplar slot, empty without exemplars. */
  exemplar?: null;
}

interface Series {
  labels: AnswerLabels;
  /** Observations per bucket, not cumulative; the last one counts those above every bound (`+Inf`). */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * The HTTP answers counted and timed, per method, route template and status, for two Prometheus metrics: a counter
 * of requests and a histogram of their durations. Every request records one answer, so recording is a lookup and
 * three additions: prom-client's own Counter and Histogram validate, hash and copy the labels on each call (10,100
 * instructions per `GET /me` under callgrind, against 2,200 now). The series are handed to prom-client's registry at
 * scrape time in the shape its own metrics give it, so the exposition is the same, line for line, and so is the JSON
 * of `getMetricsAsJSON()` (answered-requests.spec.ts compares both). Both metrics read one tally: a reset of either
 * (prom-client's `resetMetrics()` resets every metric) forgets the series of both.
 */
export class AnsweredRequests {
  /** Route, then method, then status: lookups without building a key. */
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  /** In first-seen order, as prom-client lists its series. */
  private readonly series: Series[] = [];

  constructor(readonly bounds: readonly number[]) {}

  record(method: string, route: string, status: number, seconds: number): void {
    // A duration that is not a number is not recorded (prom-client's histogram throws on one); none arises from the
    // monotonic clocks the callers read.
    if (!Number.isFinite(seconds)) return;
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
      this.series.push(series);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]) bucket++;
    series.buckets[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  /** Forgets every series (prom-client's `registry.resetMetrics()`). */
  reset(): void {
    this.byRoute.clear();
    this.series.length = 0;
  }

  /** The requests counted, as a prom-client counter named `name`. */
  counter(name: string, help: string): Metric {
    return this.metric('counter', name, help, () =>
      this.series.map((series) => ({ value: series.count, labels: { ...series.labels } })),
    );
  }

  /** Their durations in seconds, as a prom-client histogram named `name` with the tally's bucket bounds. */
  histogram(name: string, help: string): Metric {
    return this.metric('histogram', name, help, () => {
      const values: ExposedValue[] = [];
      for (const series of this.series) {
        let cumulative = 0;
        this.bounds.forEach((bound, index) => {
          cumulative += series.buckets[index];
          values.push({ ...value({ le: bound }, cumulative, `${name}_bucket`, series.labels), exemplar: null });
        });
        values.push({ ...value({ le: '+Inf' }, series.count, `${name}_bucket`, series.labels), exemplar: null });
        values.push(value({}, series.sum, `${name}_sum`, series.labels));
        values.push(value({}, series.count, `${name}_count`, series.labels));
      }
      return values;
    });
  }

  /**
   * What prom-client's registry asks of a metric: its name, type and help, its values when scraped, and a reset. The
   * registry renames a counter in place for OpenMetrics (without `_total`), so the values are read under the name it
   * is given. As prom-client's histogram does, the text exposition gets the series' labels apart (`sharedLabels`) and
   * `get()`, which feeds the JSON, merged into each value's own.
   */
  private metric(type: Exposition['type'], name: string, help: string, values: () => ExposedValue[]): Metric {
    const view = {
      name,
      help,
      type,
      aggregator: 'sum' as const,
      getForPromString: async (): Promise<Exposition> => ({
        name: view.name,
        help,
        type,
        aggregator: 'sum',
        values: values(),
      }),
      get: async (): Promise<Exposition> => ({
        name: view.name,
        help,
        type,
        aggregator: 'sum',
        values: values().map(({ sharedLabels, ...own }) =>
          sharedLabels ? { ...own, labels: { ...own.labels, ...sharedLabels } } : own,
        ),
      }),
      reset: () => this.reset(),
    };
    return view as unknown as Metric;
  }
}

/** A value as prom-client's histogram lists it: its own labels (`le`), and the series' labels as shared ones. */
function value(
  labels: Record<string, string | number>,
  amount: number,
  metricName: string,
  shared: AnswerLabels,
): ExposedValue {
  return { labels, sharedLabels: { ...shared }, value: amount, metricName };
}
