/**
 * `npm run bench`: the whole benchmark, end to end, stopping by itself.
 *  1. recreates its own database (BENCH_DATABASE_URL, default …/attest_bench), migrates it and seeds one large
 *     organization (100,000 people, 1,000 documents with revisions, 200 groups, 500,000 attestation requests);
 *  2. starts the built API (dist/src/main.js, as `npm run start:prod` does) on a free port, with the rate limit
 *     raised;
 *  3. for each file in bench/scenarios/ (name order): a warm-up, then autocannon; prints median/p90/p99 and the
 *     EXPLAIN ANALYZE plan of every SELECT behind one request;
 *  4. stops the API and drops the database (BENCH_KEEP_DATABASE=1 keeps it; BENCH_REUSE_DATABASE=1 skips the
 *     seeding when the database already holds a seeded organization).
 * Each scenario runs against the API and against the bench's bare reference (bench/lib/bare-server.ts: node:http
 * + pg sending the same statements), first checked to answer the same body with the same statements, then measured
 * alternately (API, bare, bare, API, …) at 1 and at 16 connections. BENCH_BASELINE=<dir> adds a third server, the
 * built API of another checkout (e.g. main before a change), measured in the same rounds.
 * Other knobs: REDIS_URL (default redis://127.0.0.1:6379), BENCH_SECONDS (per round, default 3), BENCH_ROUNDS
 * (default 2), BENCH_WARM_UP_SECONDS (load on each server before a cell's rounds, default 3; 0 for 20 requests per
 * connection), BENCH_CONNECTIONS (default 1,16), BENCH_ONLY=<text>[,<text>…] (only scenarios whose name or file
 * contains one), BENCH_EXPLAIN=1 (print the plans), BENCH_CPU_PROFILE=<dir> (profile the API, as --cpu-prof would, into that directory).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { Client } from 'pg';
import { newId } from '@lib/core';
import { migrate } from '../src/database/migrate';
import { hashToken, TOKEN_PREFIX } from '../src/identity/domain/api-token';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase, withClient } from './lib/bench-database';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { runWebhookBench } from './group-add-webhooks';
import { benchGroupDocuments } from './group-documents-emails';
import { benchStatusExport } from './status-export';
import { writeReadmeSection } from './lib/readme';
import { explainQueries } from './lib/explain';
import { seedLargeOrganization } from './lib/large-organization';
import { measure, Measurement, medianOf, percentileOf, rssMbOf } from './lib/measure';
import { runScaleBench } from './scale';
import type { BenchContext, Scenario } from './scenario';

const ROOT = join(__dirname, '..');
const WARM_UP_REQUESTS = 20;

const log = (text = '') => process.stdout.write(`${text}\n`);
const ms = (value: number) => `${value.toFixed(2)} ms`;

function loadScenarios(): { file: string; scenario: Scenario }[] {
  // Comma-separated: a scenario is run when its file name or title contains any of the texts.
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  const directory = join(__dirname, 'scenarios');
  return readdirSync(directory)
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .sort()
    .map((file) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require(join(directory, file)) as { default?: Scenario };
      if (!loaded.default?.name) throw new Error(`bench/scenarios/${file} has no default export from defineScenario()`);
      return { file, scenario: loaded.default };
    })
    .filter(({ file, scenario }) => !only || only.some((text) => file.includes(text) || scenario.name.includes(text)));
}

/** The seeded organization and an owner token for it: seeds a fresh database, or reuses one if asked. */
async function prepareDatabase(url: string): Promise<{ organizationId: string; token: string }> {
  if (process.env.BENCH_REUSE_DATABASE === '1') {
    await migrate(url).catch(() => undefined);
    const reused = await withClient(url, (client) => reuseSeededOrganization(client)).catch(() => null);
    if (reused) {
      log(`Reusing the seeded organization ${reused.organizationId} in ${new URL(url).pathname.slice(1)}.`);
      return reused;
    }
  }
  await recreateDatabase(url);
  await migrate(url);
  log('Seeding the large organization…');
  const seeded = await withClient(url, (client) => seedLargeOrganization(client));
  log(
    `Seeded in ${seeded.seconds} s: ${Object.entries(seeded.rows)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ')}`,
  );
  for (const { step, seconds } of seeded.steps) log(`  ${step}: ${seconds} s`);
  return seeded;
}

/** The organization with the most people gets a new owner token (the plaintext of the seed's is not kept). */
async function reuseSeededOrganization(client: Client): Promise<{ organizationId: string; token: string } | null> {
  const { rows } = await client.query(
    `SELECT t.organization_id, t.user_id FROM api_tokens t
     WHERE t.organization_id = (SELECT organization_id FROM people GROUP BY organization_id ORDER BY count(*) DESC LIMIT 1)
     LIMIT 1`,
  );
  if (rows.length === 0) return null;
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO api_tokens (id, organization_id, user_id, created_by_user_id, name, token_hash, created_at)
     VALUES ($1, $2, $3, $3, 'bench', $4, now())`,
    [newId(), rows[0].organization_id, rows[0].user_id, hashToken(token)],
  );
  return { organizationId: rows[0].organization_id, token };
}

interface Server {
  label: string;
  process: RunningProcess;
  origin: string;
  recorderPort: number;
}

interface Cell {
  requests: number;
  p50: number;
  p99: number;
  throughput: number;
  cpuPerRequestMs: number;
  peakRssMb: number;
  unexpected: Record<string, number>;
}

interface Row {
  scenario: Scenario;
  connections: number;
  cells: Record<string, Cell>;
  /** Per round, the API's throughput over each other server's, measured next to it: by that server's label. */
  pairedRatios: Record<string, number[]>;
}

const RECORDER = join(__dirname, 'lib', 'sql-recorder.js');

async function startServer(
  label: string,
  entry: string,
  env: Record<string, string>,
  options: { cwd?: string; nodeArgs?: string[] } = {},
): Promise<Server> {
  const port = await freePort();
  const recorderPort = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = startBuilt(
    entry,
    { ...env, PORT: String(port), APP_URL: env.APP_URL ?? origin, BENCH_SQL_RECORDER_PORT: String(recorderPort) },
    { cwd: options.cwd, nodeArgs: ['-r', RECORDER, ...(options.nodeArgs ?? [])] },
  );
  await waitUntilReady(`${origin}/health/ready`, started);
  return { label, process: started, origin, recorderPort };
}

/** One request's body and statements (literal times and the usage stamp left out, as they legitimately differ). */
async function observe(server: Server, token: string, path: string): Promise<{ body: unknown; statements: string[] }> {
  const control = `http://127.0.0.1:${server.recorderPort}`;
  await fetch(`${control}/start`, { method: 'POST' });
  const response = await fetch(`${server.origin}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  const recorded = (await (await fetch(`${control}/stop`, { method: 'POST' })).json()) as {
    text: string;
    values: unknown[];
  }[];
  const statements = recorded
    .filter(({ text }) => !/^\s*UPDATE api_tokens SET last_used_at/.test(text))
    .map(
      ({ text, values }) =>
        `${text.replace(/\s+/g, ' ').trim()} -- ${JSON.stringify(values).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"')}`,
    );
  return { body: { status: response.status, body }, statements };
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function cellOf(rounds: Measurement[]): Cell {
  const latencies = rounds.flatMap((m) => m.latencies).sort((a, b) => a - b);
  const seconds = rounds.reduce((sum, m) => sum + m.seconds, 0);
  const cpuMs = rounds.reduce((sum, m) => sum + m.cpuMs, 0);
  const unexpected: Record<string, number> = {};
  for (const m of rounds)
    for (const [status, n] of Object.entries(m.unexpected)) unexpected[status] = (unexpected[status] ?? 0) + n;
  return {
    requests: latencies.length,
    p50: percentileOf(latencies, 50),
    p99: percentileOf(latencies, 99),
    throughput: latencies.length / seconds,
    cpuPerRequestMs: cpuMs / latencies.length,
    peakRssMb: Math.max(...rounds.map((m) => m.peakRssMb)),
    unexpected,
  };
}

const README_BEGIN = '<!-- bench:begin -->';
const README_END = '<!-- bench:end -->';

/**
 * The API's throughput over another server's: the median of the rounds' ratios, each from the two servers'
 * measurements of the same round (the API's and the bare server's one after the other; a baseline's one measurement
 * further off), with the lowest and highest. A shared machine's load drifts between rounds, and a ratio of sums would
 * let one slow round weigh on one side only.
 */
function ratioText(ratios: number[]): string {
  const median = fixed(medianOf(ratios), 2);
  return ratios.length > 1 ? `${median} (${fixed(Math.min(...ratios), 2)}–${fixed(Math.max(...ratios), 2)})` : median;
}

function table(rows: Row[], labels: string[]): string[] {
  const [api, bare, ...others] = labels;
  const lines = [
    `| request | conns | ${labels.map((l) => `${l} p50 / p99 ms`).join(' | ')} | ${labels
      .map((l) => `${l} req/s`)
      .join(' | ')} | ${labels.map((l) => `${l} CPU ms/req`).join(' | ')} | ${api} ÷ ${bare} throughput |${others
      .map((o) => ` ${api} ÷ ${o} throughput |`)
      .join('')}`,
    `|---|---|${labels.map(() => '---|').join('')}${labels.map(() => '---|').join('')}${labels
      .map(() => '---|')
      .join('')}---|${others.map(() => '---|').join('')}`,
  ];
  for (const { scenario, connections, cells, pairedRatios } of rows) {
    lines.push(
      `| \`${scenario.name}\` | ${connections} | ${labels
        .map((l) => `${fixed(cells[l].p50)} / ${fixed(cells[l].p99)}`)
        .join(' | ')} | ${labels.map((l) => fixed(cells[l].throughput, 0)).join(' | ')} | ${labels
        .map((l) => fixed(cells[l].cpuPerRequestMs, 3))
        .join(' | ')} | ${ratioText(pairedRatios[bare])} |${others
        .map((o) => ` ${ratioText(pairedRatios[o])} |`)
        .join('')}`,
    );
  }
  return lines;
}

/** The benches with processes and databases of their own, after the scenarios (BENCH_ONLY selects them too). */
async function otherBenches(failures: string[]): Promise<void> {
  // 20 documents into an auto-issuing group of 1,000 members (its own database and processes; issue 14's targets).
  const only = process.env.BENCH_ONLY;
  if (!only || 'group-documents'.includes(only)) {
    const groupDocuments = await benchGroupDocuments();
    failures.push(...groupDocuments.failures);
    if (process.env.BENCH_WRITE_README !== '0' && writeReadmeSection('group-documents', groupDocuments.table))
      log('(docs/benchmark.md group documents table updated)');
  }

  // A document's status CSV over 100,000 assignees (its own large seed and API process): first byte, end, RSS.
  if (!only || 'status-export'.includes(only)) {
    log();
    log('## Status export: a document assigned to 100,000 people, as CSV');
    const statusExport = await benchStatusExport();
    failures.push(...statusExport.failures);
    if (process.env.BENCH_WRITE_README !== '0' && writeReadmeSection('status-export', statusExport.table))
      log('(docs/benchmark.md status export table updated)');
  }

  // The webhooks benchmark (its own database and processes): a 2,000-request group add fanned out to 3 endpoints.
  if (!only || 'webhooks group add'.includes(only)) {
    log();
    log('## Webhooks: group add of 100 people x 20 documents to 3 endpoints');
    await runWebhookBench();
  }
}

async function main(): Promise<void> {
  const entry = 'dist/src/main.js';
  if (!existsSync(join(ROOT, entry)))
    throw new Error(`${entry} is missing: run npm run build first (npm run bench does)`);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/attest_bench';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const scenarios = loadScenarios();
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const roundsPerCell = Number(process.env.BENCH_ROUNDS ?? 2);
  // Both servers are measured warm: a run of requests too short for V8 to finish optimizing the API's longer call
  // chains (320 requests at 16 connections) measured its first round up to a third slower than its later ones.
  const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
  const connectionCounts = (process.env.BENCH_CONNECTIONS ?? '1,16').split(',').map(Number);
  const baselineDir = process.env.BENCH_BASELINE;
  const profileDir = process.env.BENCH_CPU_PROFILE;
  if (process.env.BENCH_SCALE === '10') return runScaleBench(loadScenarios);

  if (scenarios.length === 0) {
    // BENCH_ONLY picked none of the scenarios: no large seed, only the benches it names.
    const failures: string[] = [];
    await otherBenches(failures);
    if (failures.length > 0) throw new Error(`requirements not met:\n${failures.join('\n')}`);
    return;
  }
  const { organizationId, token } = await prepareDatabase(databaseUrl);
  const servers: Server[] = [];
  const rows: Row[] = [];
  const apiOnly: { scenario: Scenario; connections: number; cell: Cell }[] = [];
  const failures: string[] = [];
  const sqlClient = new Client({ connectionString: databaseUrl });
  await sqlClient.connect();
  const runId = randomBytes(4).toString('hex');
  const env = (name: string) => ({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `bench:${runId}:${name}`,
    APP_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
  });
  try {
    const apiEnv = env('api');
    const api = await startServer(
      'API',
      entry,
      { ...apiEnv, ...(profileDir && { BENCH_CPU_PROFILE: profileDir }) },
      { nodeArgs: profileDir ? ['-r', join(__dirname, 'lib', 'cpu-profile.js')] : [] },
    );
    servers.push(api);
    // Links are built from APP_URL: the bare reference builds them from the API's, so bodies compare equal.
    servers.push(
      await startServer(
        'bare',
        'bench/lib/bare-server.ts',
        {
          ...env('bare'),
          APP_URL: api.origin,
          ...(profileDir && { BENCH_CPU_PROFILE: profileDir, BENCH_CPU_PROFILE_NAME: 'bare' }),
        },
        {
          nodeArgs: [
            '-r',
            'ts-node/register/transpile-only',
            '-r',
            'tsconfig-paths/register',
            ...(profileDir ? ['-r', join(__dirname, 'lib', 'cpu-profile.js')] : []),
          ],
        },
      ),
    );
    if (baselineDir) {
      servers.push(await startServer('before', entry, { ...env('before'), APP_URL: api.origin }, { cwd: baselineDir }));
    }
    log(
      `API (${entry}), bare reference${baselineDir ? ` and baseline (${baselineDir})` : ''} ready; Node ${process.version}.`,
    );

    const context: BenchContext = {
      apiUrl: `${api.origin}/api/v1`,
      token,
      organizationId,
      databaseUrl,
      appKey: apiEnv.APP_KEY,
      apiPid: api.process.child.pid!,
      sql: async (text, params) => (await sqlClient.query(text, params)).rows,
    };
    for (const { scenario } of scenarios) {
      const request = await scenario.request(context);
      log();
      log(`## ${scenario.name}`);
      if (!scenario.bare && process.env.BENCH_BARE_ONLY === '1') {
        log('skipped (BENCH_BARE_ONLY=1: only the scenarios with a bare counterpart)');
        continue;
      }
      if (!scenario.bare) {
        // No bare counterpart (endpoints the reference does not serve): the API alone, as requested by the scenario,
        // and after it the baseline's API (BENCH_BASELINE), each observed on its own process.
        for (const server of servers.filter((s) => s.label !== 'bare')) {
          const serverContext = { ...context, apiPid: server.process.child.pid! };
          const options = { url: server.origin, token, request, expectStatus: scenario.expectStatus ?? 200 };
          await measure({ ...options, amount: scenario.warmUp ?? WARM_UP_REQUESTS, connections: 1 });
          // A concurrent cell is warmed up as the bare-compared ones are, with its own load: 400 requests at one
          // connection left V8 still optimizing the route's code when the 16 connections began (a first 3 s of
          // `GET /groups/{id}/people` measured p99 78 ms, the next 27 ms). Single-connection cells keep the
          // scenario's own warm-up: the certificate's and the publication's change what they observe.
          if ((scenario.connections ?? 1) > 1 && warmUpSeconds > 0) {
            await measure({ ...options, duration: warmUpSeconds, connections: scenario.connections ?? 1 });
          }
          const observed = await scenario.observe?.before(serverContext);
          const measurement = await measure({
            ...options,
            amount: scenario.requests ?? Number(process.env.BENCH_REQUESTS ?? 200),
            connections: scenario.connections ?? 1,
            pid: server.process.child.pid,
          });
          const observations = (await scenario.observe?.after(serverContext, observed)) ?? { lines: [], failures: [] };
          if (scenario.maxMedianMs !== undefined && measurement.median > scenario.maxMedianMs) {
            observations.failures.push(`median ${ms(measurement.median)} is over ${scenario.maxMedianMs} ms`);
          }
          if (scenario.maxP99Ms !== undefined && measurement.p99 > scenario.maxP99Ms) {
            observations.failures.push(`p99 ${ms(measurement.p99)} is over ${scenario.maxP99Ms} ms`);
          }
          const who = server === api ? 'API' : `${server.label} (${baselineDir})`;
          // Only the API's own figures are requirements; the baseline's are there to compare.
          if (server === api) {
            failures.push(...observations.failures.map((failure) => `${scenario.name}: ${failure}`));
            apiOnly.push({ scenario, connections: scenario.connections ?? 1, cell: cellOf([measurement]) });
          }
          log(
            `${who} only, ${measurement.requests} requests, ${scenario.connections ?? 1} connection(s): median ${ms(measurement.median)}, ` +
              `p99 ${ms(measurement.p99)}, ${measurement.requestsPerSecond.toFixed(0)} req/s`,
          );
          for (const line of observations.lines) log(`${server === api ? '' : `${server.label}: `}${line}`);
          for (const failure of observations.failures)
            log(`${server === api ? 'REQUIREMENT NOT MET' : `${server.label} would not meet`}: ${failure}`);
          if (Object.keys(measurement.unexpected).length > 0)
            log(`UNEXPECTED STATUSES (${server.label}): ${JSON.stringify(measurement.unexpected)}`);
        }
        continue;
      }
      // The previous scenario's last requests may still be queued for a pool client when autocannon stops; their
      // statements would be recorded too. Compare again after a pause before calling the difference real.
      let reference = await observe(api, token, request.path);
      let answer = await observe(servers[1], token, request.path);
      for (let retry = 0; retry < 3 && !isDeepStrictEqual(reference.statements, answer.statements); retry++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        reference = await observe(api, token, request.path);
        answer = await observe(servers[1], token, request.path);
      }
      if (!isDeepStrictEqual(reference.body, answer.body))
        throw new Error(`the bare reference answered another body for ${request.path}`);
      if (!isDeepStrictEqual(reference.statements, answer.statements))
        throw new Error(
          `the bare reference sent other statements for ${request.path}:\nAPI:\n${reference.statements.join('\n')}\nbare:\n${answer.statements.join('\n')}`,
        );
      log(`checked: same body and the same ${reference.statements.length} statement(s) as the API`);
      for (const connections of connectionCounts) {
        const measured: Record<string, Measurement[]> = Object.fromEntries(servers.map((s) => [s.label, []]));
        for (const server of servers) {
          await measure({
            url: server.origin,
            token,
            request,
            ...(warmUpSeconds > 0 ? { duration: warmUpSeconds } : { amount: WARM_UP_REQUESTS * connections }),
            connections,
            expectStatus: scenario.expectStatus ?? 200,
          });
        }
        for (let round = 0; round < roundsPerCell; round++) {
          // API, bare, then bare, API: a load on the machine that fades or grows through a cell (PostgreSQL writing
          // out what the seed left, a neighbour) weighs on both servers alike instead of on whichever goes first.
          for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
            measured[server.label].push(
              await measure({
                url: server.origin,
                token,
                request,
                duration: seconds,
                connections,
                expectStatus: scenario.expectStatus ?? 200,
                pid: server.process.child.pid,
              }),
            );
          }
        }
        const cells = Object.fromEntries(servers.map((s) => [s.label, cellOf(measured[s.label])]));
        const [apiLabel, ...otherLabels] = servers.map((s) => s.label);
        const pairedRatios = Object.fromEntries(
          otherLabels.map((label) => [
            label,
            measured[apiLabel].map((m, round) => m.requestsPerSecond / measured[label][round].requestsPerSecond),
          ]),
        );
        rows.push({ scenario, connections, cells, pairedRatios });
        for (const server of servers) {
          const cell = cells[server.label];
          log(
            `${server.label.padEnd(6)} ${connections} conn: ${cell.requests} requests, p50 ${ms(cell.p50)}, p99 ${ms(cell.p99)}, ` +
              `${fixed(cell.throughput, 0)} req/s, ${fixed(cell.cpuPerRequestMs, 3)} ms CPU/request, RSS ${fixed(cell.peakRssMb, 0)} MB` +
              (Object.keys(cell.unexpected).length ? `, UNEXPECTED ${JSON.stringify(cell.unexpected)}` : ''),
          );
        }
      }
      if (scenario.queries && process.env.BENCH_EXPLAIN === '1') {
        const explained = await explainQueries(databaseUrl, (db) => scenario.queries!(db, context));
        for (const [index, query] of explained.entries()) {
          log();
          log(`### Query ${index + 1} of ${explained.length}`);
          log(query.sql.replace(/\s+/g, ' '));
          log(`-- parameters: ${JSON.stringify(query.parameters)}`);
          log(query.plan);
        }
      }
    }
    const peaks = servers.map((s) => `${s.label} ${fixed(rssMbOf(s.process.child.pid!, 'VmHWM'), 0)} MB`).join(', ');
    log();
    log('## Summary');
    const lines = table(
      rows,
      servers.map((s) => s.label),
    );
    if (apiOnly.length > 0) {
      lines.push(
        '',
        '| request (API only: no bare counterpart) | conns | p50 / p99 ms | req/s | CPU ms/req |',
        '|---|---|---|---|---|',
      );
      for (const { scenario, connections, cell } of apiOnly)
        lines.push(
          `| \`${scenario.name}\` | ${connections} | ${fixed(cell.p50)} / ${fixed(cell.p99)} | ${fixed(cell.throughput, 0)} | ${fixed(cell.cpuPerRequestMs, 2)} |`,
        );
    }
    lines.push('', `Peak RSS through the whole run (VmHWM): ${peaks}.`);
    for (const line of lines) log(line);
    if (!process.env.BENCH_ONLY && process.env.BENCH_WRITE_README !== '0') {
      const readme = join(ROOT, 'docs', 'benchmark.md');
      const text = readFileSync(readme, 'utf8');
      const begin = text.indexOf(README_BEGIN);
      const end = text.indexOf(README_END);
      if (begin !== -1 && end > begin) {
        const stamp = `Measured ${new Date().toISOString().slice(0, 16)}Z by \`npm run bench\` (${seconds} s × ${roundsPerCell} rounds per cell, alternating; Node ${process.version}; shared machine):`;
        writeFileSync(
          readme,
          `${text.slice(0, begin + README_BEGIN.length)}\n${stamp}\n\n${lines.join('\n')}\n${text.slice(end)}`,
        );
        log('(docs/benchmark.md table updated)');
      }
    }
  } finally {
    await sqlClient.end();
    for (const server of servers.reverse()) await server.process.stop();
    await dropRedisPrefix(redisUrl, `bench:${runId}`);
    if (process.env.BENCH_KEEP_DATABASE !== '1' && process.env.BENCH_REUSE_DATABASE !== '1')
      await dropDatabase(databaseUrl);
  }
  if (
    rows.some(({ cells }) => Object.values(cells).some((cell) => Object.keys(cell.unexpected).length > 0)) ||
    apiOnly.some(({ cell }) => Object.keys(cell.unexpected).length > 0)
  ) {
    throw new Error('some responses had an unexpected status (see above)');
  }

  await otherBenches(failures);
  if (failures.length > 0) throw new Error(`requirements not met:\n${failures.join('\n')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
