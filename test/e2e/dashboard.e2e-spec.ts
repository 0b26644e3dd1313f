import type { INestApplicationContext } from '@nestjs/common';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SystemClock } from '@lib/core';
import { Metrics } from '../../src/metrics/metrics';
import { closeListener, startWorkerListener } from '../../src/worker-listener';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { launchChromium } from '../support/chromium';

/**
 * The Grafana dashboard of docs/ against the real service: traffic runs through the API and the worker while both
 * are scraped every second, as Prometheus would. Every series a panel queries must exist in what they expose; each
 * panel is then drawn from the scraped samples (the same arithmetic as its PromQL: rates of counter deltas,
 * histogram_quantile over bucket deltas, max or sum of gauges) and the page is photographed with Chromium, into
 * test-output/dashboard/ (UPDATE_DASHBOARD_SCREENSHOT=1 also copies it to docs/dashboard.png for docs/operations.md).
 * Grafana and Prometheus themselves cannot be installed here; this is the honest substitute.
 */
const ROOT = resolve(__dirname, '../..');
const DASHBOARD = JSON.parse(readFileSync(join(ROOT, 'docs/grafana-dashboard.json'), 'utf8')) as {
  templating: { list: Array<{ name: string; query: string }> };
  panels: Array<{
    id: number;
    title: string;
    type: string;
    targets: Array<{ expr: string }>;
    fieldConfig: { defaults: { unit: string } };
  }>;
};
const OUTPUT = join(ROOT, 'test-output', 'dashboard');

type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}
interface Scrape {
  at: number;
  job: 'api' | 'worker';
  samples: Sample[];
  text: string;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

type Series = Map<string, Array<[number, number]>>;

/** One value per scrape time and legend: `pick` chooses samples, `key` names the series, `combine` folds them. */
function gauge(
  scrapes: Scrape[],
  name: string,
  key: (s: Sample, job: string) => string,
  combine: 'sum' | 'max',
): Series {
  const series: Series = new Map();
  const times = [...new Set(scrapes.map((s) => s.at))];
  for (const at of times) {
    const folded = new Map<string, number>();
    for (const scrape of scrapes.filter((s) => s.at === at)) {
      for (const sample of scrape.samples.filter((s) => s.name === name)) {
        const k = key(sample, scrape.job);
        const prior = folded.get(k);
        folded.set(
          k,
          prior === undefined ? sample.value : combine === 'sum' ? prior + sample.value : Math.max(prior, sample.value),
        );
      }
    }
    for (const [k, v] of folded) series.set(k, [...(series.get(k) ?? []), [at, v]]);
  }
  return series;
}

/** Per-second rate of a counter between consecutive scrapes of each process, summed by key. */
function rate(scrapes: Scrape[], name: string, key: (s: Sample) => string, scale = 1): Series {
  const series: Series = new Map();
  for (const job of ['api', 'worker'] as const) {
    const mine = scrapes.filter((s) => s.job === job);
    for (let i = 1; i < mine.length; i++) {
      const seconds = (mine[i].at - mine[i - 1].at) / 1000;
      const sums = new Map<string, number>();
      for (const sample of mine[i].samples.filter((s) => s.name === name)) {
        const before = mine[i - 1].samples.find(
          (s) => s.name === name && JSON.stringify(s.labels) === JSON.stringify(sample.labels),
        );
        const delta = sample.value - (before?.value ?? 0);
        const k = key(sample);
        sums.set(k, (sums.get(k) ?? 0) + (delta / seconds) * scale);
      }
      for (const [k, v] of sums) {
        const points = series.get(k) ?? [];
        const same = points.find((p) => Math.abs(p[0] - mine[i].at) < 500);
        if (same) same[1] += v;
        else points.push([mine[i].at, v]);
        series.set(k, points);
      }
    }
  }
  for (const points of series.values()) points.sort((a, b) => a[0] - b[0]);
  return series;
}

/** histogram_quantile(q, sum by (le, key) (rate(bucket[window]))) with Prometheus's linear interpolation. */
function quantile(scrapes: Scrape[], name: string, q: number, key: (s: Sample) => string, window = 3): Series {
  const series: Series = new Map();
  const mine = scrapes.filter(
    (s) => s.job === 'api' || name.startsWith('attest_lifecycle') || name.startsWith('attest_webhook'),
  );
  const jobs = [...new Set(mine.map((s) => s.job))];
  for (const job of jobs) {
    const list = mine.filter((s) => s.job === job);
    for (let i = window; i < list.length; i++) {
      const buckets = new Map<string, Map<number, number>>();
      for (const sample of list[i].samples.filter((s) => s.name === `${name}_bucket`)) {
        const before = list[i - window].samples.find(
          (s) => s.name === sample.name && JSON.stringify(s.labels) === JSON.stringify(sample.labels),
        );
        const k = key(sample);
        const le = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le);
        const byLe = buckets.get(k) ?? new Map<number, number>();
        byLe.set(le, (byLe.get(le) ?? 0) + sample.value - (before?.value ?? 0));
        buckets.set(k, byLe);
      }
      for (const [k, byLe] of buckets) {
        const sorted = [...byLe.entries()].sort((a, b) => a[0] - b[0]);
        const total = sorted.at(-1)?.[1] ?? 0;
        if (total <= 0) continue;
        const rank = q * total;
        let previousLe = 0;
        let previousCount = 0;
        let value = NaN;
        for (const [le, count] of sorted) {
          if (count >= rank) {
            value =
              le === Infinity
                ? previousLe
                : previousLe + ((le - previousLe) * (rank - previousCount)) / Math.max(count - previousCount, 1e-9);
            break;
          }
          previousLe = le;
          previousCount = count;
        }
        series.set(k, [...(series.get(k) ?? []), [list[i].at, value]]);
      }
    }
  }
  return series;
}

const COLOURS = [
  '#73bf69',
  '#f2cc0c',
  '#5794f2',
  '#ff780a',
  '#b877d9',
  '#f2495c',
  '#8ab8ff',
  '#fade2a',
  '#37872d',
  '#c4162a',
];

function chart(series: Series, unit: string, width: number, height: number): string {
  const points = [...series.values()].flat();
  if (points.length === 0) return `<div class="empty">No data</div>`;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]).filter(Number.isFinite);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const y1 = Math.max(...ys, 1e-9) * 1.15;
  const sx = (x: number) => 40 + ((x - x0) / Math.max(x1 - x0, 1)) * (width - 50);
  const sy = (y: number) => height - 20 - (y / y1) * (height - 30);
  const format = (v: number) =>
    unit === 's'
      ? v < 1
        ? `${Math.round(v * 1000)} ms`
        : `${v.toFixed(1)} s`
      : unit === 'reqps'
        ? `${v.toFixed(1)}/s`
        : `${+v.toFixed(2)}`;
  const grid = [0, 0.5, 1]
    .map(
      (f) =>
        `<line x1="40" x2="${width - 10}" y1="${sy((y1 * f) / 1.15)}" y2="${sy((y1 * f) / 1.15)}" class="grid"/><text x="2" y="${sy((y1 * f) / 1.15) + 4}" class="axis">${format((y1 * f) / 1.15)}</text>`,
    )
    .join('');
  const lines = [...series.entries()]
    .map(([, pts], i) => {
      const d = pts
        .filter((p) => Number.isFinite(p[1]))
        .map((p, j) => `${j ? 'L' : 'M'}${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`)
        .join(' ');
      return `<path d="${d}" stroke="${COLOURS[i % COLOURS.length]}" fill="none" stroke-width="2"/>`;
    })
    .join('');
  const legend = [...series.keys()]
    .map(
      (k, i) =>
        `<span><i style="background:${COLOURS[i % COLOURS.length]}"></i>${k.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</span>`,
    )
    .join('');
  return `<svg width="${width}" height="${height}">${grid}${lines}</svg><div class="legend">${legend}</div>`;
}

describe('the Grafana dashboard of docs/, on metrics scraped from the running service', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let listener: Server;
  let tenant: Tenant;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // The real clock, so the outbox's ages grow as they would.
    t = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        RATE_LIMIT_PER_MINUTE: '120',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
      },
      clock: new SystemClock(),
    });
    receiver = await startWebhookReceiver();
    worker = await startWorker(t, { lifecycleIntervalMs: 1000 });
    listener = await startWorkerListener(worker, 0);
    t.app.get(Metrics).collectProcessMetrics();
    worker.get(Metrics).collectProcessMetrics();
    tenant = await createTenant(t.app, { name: 'Acme Compliance' });
  });
  afterAll(async () => {
    await closeListener(listener);
    await worker.close();
    await t.close();
    await smtp.close();
    await receiver.stop();
  });

  it("filters every series of every panel by the $job variable, whose values include the worker's", () => {
    const unfiltered: string[] = [];
    for (const panel of DASHBOARD.panels) {
      for (const { expr } of panel.targets) {
        for (const [, name, selector] of expr.matchAll(/\b((?:attest|nodejs)_[a-z0-9_]+)(\{[^}]*\})?/g)) {
          if (!selector?.includes('job=~"$job"')) unfiltered.push(`${panel.title}: ${name}`);
        }
      }
    }
    expect(unfiltered).toEqual([]);
    const job = DASHBOARD.templating.list.find((variable) => variable.name === 'job')!;
    // A series both processes expose, so the worker is among the choices.
    const series = /label_values\((\w+), job\)/.exec(job.query)![1];
    expect(['attest_db_pool_max', 'nodejs_eventloop_lag_p99_seconds']).toContain(series);
  });

  it('finds every series its panels query, and draws each panel from real scrapes', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const people = await Promise.all(Array.from({ length: 12 }, () => createPerson(t.app, tenant.organizationId)));
    const refused = new Set(people.slice(0, 2).map((p) => p.email));
    let deferred = 0;
    smtp.options.rejectRecipient = (address) => (refused.has(address) ? 550 : deferred++ % 4 === 0 ? 451 : null);
    const scrapes: Scrape[] = [];
    const workerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/metrics`;
    const scrape = async () => {
      const at = Date.now();
      const api = (await t.http.get('/metrics')).text;
      const work = await (await fetch(workerUrl)).text();
      scrapes.push(
        { at, job: 'api', samples: parse(api), text: api },
        { at, job: 'worker', samples: parse(work), text: work },
      );
    };
    // Webhooks: one endpoint that answers, one that fails every time (retried each second).
    const hooks = async (path: string) =>
      (
        await t.http
          .post('/api/v1/webhook-endpoints')
          .set(tenant.auth)
          .send({ url: `${receiver.url}${path}` })
      ).body.id as string;
    const answering = await hooks('/ok');
    const refusing = await hooks('/refusing');
    receiver.answerFor = (path) => (path === '/refusing' ? { status: 503 } : null);
    const busy = await createTenant(t.app);
    // Steady traffic spread over several tokens (each has its own limit), and one client that goes over its limit.
    const readers = await Promise.all(Array.from({ length: 4 }, () => createTenant(t.app)));
    const reader = (i: number) => readers[i % readers.length].auth;
    for (let tick = 0; tick < 14; tick++) {
      const load = tick < 7 ? tick + 2 : 16 - tick;
      await Promise.all([
        ...Array.from({ length: load * 2 }, (_, i) => t.http.get('/api/v1/people?per_page=50').set(reader(i))),
        ...Array.from({ length: load }, (_, i) => t.http.get('/api/v1/documents').set(reader(i))),
        t.http.get('/api/v1/people/01jd0000000000000000000abc').set(tenant.auth),
        t.http.post('/api/v1/people').set(tenant.auth).send({ email: 'not an email' }),
        ...(tick % 3 === 2 ? Array.from({ length: 50 }, () => t.http.get('/api/v1/me').set(busy.auth)) : []),
        ...[answering, refusing].map((id) => t.http.post(`/api/v1/webhook-endpoints/${id}/test`).set(tenant.auth)),
      ]);
      if (tick < people.length) {
        await t.http
          .post('/api/v1/attestation-requests')
          .set(tenant.auth)
          .send({ person_id: people[tick].id, document_id: document.id });
      }
      await scrape();
      await new Promise((done) => setTimeout(done, 700));
    }
    smtp.options.rejectRecipient = undefined;

    // Every series the dashboard reads exists in what the processes expose.
    const exposed = scrapes.map((s) => s.text).join('\n');
    const queried = new Set(
      DASHBOARD.panels.flatMap((panel) =>
        panel.targets.flatMap((target) => target.expr.match(/\b(?:attest|nodejs)_[a-z0-9_]+/g) ?? []),
      ),
    );
    for (const name of queried) {
      const family = name.replace(/_(bucket|count|sum)$/, '');
      expect(exposed).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }

    const byTitle: Record<string, Series> = {
      'Requests per second by status': rate(scrapes, 'attest_http_requests_total', (s) => s.labels.status),
      'Latency p95 by route': quantile(scrapes, 'attest_http_request_duration_seconds', 0.95, (s) => s.labels.route),
      'Emails waiting in the outbox': gauge(scrapes, 'attest_outbox_pending', (s) => s.labels.kind, 'max'),
      'Oldest waiting email': gauge(scrapes, 'attest_outbox_oldest_pending_age_seconds', (s) => s.labels.kind, 'max'),
      'Emails per minute by outcome': rate(
        scrapes.filter((s) => s.job === 'worker'),
        'attest_emails_total',
        (s) => s.labels.outcome,
        60,
      ),
      'Database pool': new Map([
        ...gauge(scrapes, 'attest_db_pool_connections', (s, job) => `${job} ${s.labels.state}`, 'sum'),
        ...gauge(scrapes, 'attest_db_pool_waiting', (_s, job) => `${job} waiting`, 'sum'),
        ...gauge(scrapes, 'attest_db_pool_max', () => 'limit', 'max'),
      ]),
      'Rate-limit rejections per minute': rate(
        scrapes,
        'attest_rate_limit_rejections_total',
        (s) => s.labels.route,
        60,
      ),
      'Lifecycle passes': new Map([
        ...rate(
          scrapes.filter((s) => s.job === 'worker'),
          'attest_lifecycle_pass_runs_total',
          (s) => `${s.labels.pass} ${s.labels.outcome}`,
        ),
      ]),
      'Event loop lag p99': gauge(scrapes, 'nodejs_eventloop_lag_p99_seconds', (_s, job) => job, 'max'),
      'Server errors (5xx) per minute': new Map(),
      'Webhook attempts per minute by outcome': rate(
        scrapes.filter((s) => s.job === 'worker'),
        'attest_webhook_attempts_total',
        (s) => s.labels.outcome,
        60,
      ),
      'Webhook latency p95': new Map([
        ...quantile(scrapes, 'attest_webhook_delivery_latency_seconds', 0.95, () => 'event to delivery'),
        ...quantile(scrapes, 'attest_webhook_attempt_duration_seconds', 0.95, (s) => `exchange ${s.labels.outcome}`),
      ]),
      'Webhook attempts pending': gauge(scrapes, 'attest_webhook_attempts_pending', () => 'pending', 'max'),
      'Oldest late webhook attempt': gauge(
        scrapes,
        'attest_webhook_oldest_pending_age_seconds',
        () => 'late by',
        'max',
      ),
      'Failing webhook endpoints': gauge(scrapes, 'attest_webhook_endpoints_failing', () => 'failing endpoints', 'max'),
      'Event log held back': new Map([
        ...gauge(scrapes, 'attest_event_watermark_lag_seconds', () => 'watermark lag', 'max'),
        ...gauge(scrapes, 'attest_event_oldest_undelivered_age_seconds', () => 'oldest undelivered event', 'max'),
      ]),
    };
    const fivexx = rate(
      scrapes,
      'attest_http_requests_total',
      (s) => (s.labels.status.startsWith('5') ? '5xx' : 'other'),
      60,
    ).get('5xx');
    const cells = DASHBOARD.panels.map((panel) => {
      const series = byTitle[panel.title];
      expect(series).toBeDefined();
      const wide =
        panel.title.startsWith('Requests') ||
        panel.title.startsWith('Latency') ||
        panel.title.startsWith('Event') ||
        panel.title.startsWith('Server');
      const width = wide ? 700 : 455;
      const body =
        panel.type === 'stat'
          ? `<div class="stat">${(fivexx?.at(-1)?.[1] ?? 0).toFixed(0)}</div>`
          : chart(series, panel.fieldConfig.defaults.unit, width - 20, panel.title.startsWith('Event') ? 120 : 170);
      if (panel.type !== 'stat') expect(series.size).toBeGreaterThan(0);
      return `<section class="${wide ? 'wide' : ''}"><h2>${panel.title}</h2>${body}<code>${panel.targets[0].expr.replace(/</g, '&lt;')}</code></section>`;
    });
    const html = `<!doctype html><meta charset="utf-8"><style>
      body{background:#111217;color:#ccccdc;font:13px Inter,Helvetica,Arial,sans-serif;margin:12px;width:1440px}
      h1{font-size:18px;margin:4px 0 10px}h1 small{color:#8e8e9e;font-weight:normal;font-size:12px;margin-left:12px}
      .grid-wrap{display:flex;flex-wrap:wrap;gap:8px}section{background:#181b1f;border:1px solid #2a2d33;border-radius:3px;padding:8px;width:455px;box-sizing:border-box}
      section.wide{width:700px}h2{font-size:13px;margin:0 0 6px;color:#d8d9da}svg .grid{stroke:#2a2d33}svg .axis{fill:#8e8e9e;font-size:10px}
      .legend{display:flex;flex-wrap:wrap;gap:4px 12px;font-size:11px;margin-top:2px}.legend i{display:inline-block;width:12px;height:3px;margin-right:4px;vertical-align:middle}
      code{display:block;color:#6e7079;font-size:9.5px;margin-top:4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
      .stat{font-size:64px;color:#73bf69;text-align:center;padding:18px 0}.empty{color:#6e7079;padding:60px;text-align:center}
    </style><h1>Attestation service <small>docs/grafana-dashboard.json, drawn from ${scrapes.length / 2} scrapes of the API and the worker (${new Date(scrapes[0].at).toISOString()})</small></h1><div class="grid-wrap">${cells.join('')}</div>`;
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(join(OUTPUT, 'dashboard.html'), html);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1464, height: 900 } });
      await page.setContent(html);
      await page.screenshot({ path: join(OUTPUT, 'dashboard.png'), fullPage: true });
    } finally {
      await browser.close();
    }
    if (process.env.UPDATE_DASHBOARD_SCREENSHOT === '1')
      copyFileSync(join(OUTPUT, 'dashboard.png'), join(ROOT, 'docs', 'dashboard.png'));
  }, 120_000);
});
