/**
 * A document's status CSV over 100,000 assigned people (the console's speed target): the large seed in a database of its own,
 * one document assigned to every person, the built API started alone; then the export is downloaded
 * BENCH_EXPORT_ROUNDS times (default 3) while the API's resident memory is sampled every 20 ms. Reports time to
 * first byte, time to the last byte and RSS growth over the RSS before the download, against the targets
 * (< 1 s, < 10 s, < 50 MB). Run alone with `BENCH_ONLY=status-export npm run bench`. With `BENCH_BASELINE=<dir>` (another
 * checkout's build) its API is started too, on the same database, and the rounds alternate between the two (this
 * build, the baseline, the baseline, this build, …), so both are measured under the same load; only this build's
 * figures are checked. `BENCH_EXPORT_PROFILE=<dir>` writes a CPU profile of each API there (as `--cpu-prof` would).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import http from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { newId } from '@lib/core';
import { migrate } from '../src/database/migrate';
import { hashToken, TOKEN_PREFIX } from '../src/identity/domain/api-token';
import { dropRedisPrefix } from '../test/support/redis-keys';
import { freePort, startBuilt, waitUntilReady } from './lib/api-process';
import { dropDatabase, recreateDatabase } from './lib/bench-database';
import { seedLargeOrganization } from './lib/large-organization';
import { medianOf, rssMbOf } from './lib/measure';

const ROOT = join(__dirname, '..');
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Download {
  firstByteMs: number;
  totalMs: number;
  rows: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

function download(url: string, token: string, pid: number): Promise<Download> {
  return new Promise((resolve, reject) => {
    const rssBeforeMb = rssMbOf(pid);
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMbOf(pid))), 20);
    const started = performance.now();
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.on('aborted', () => reject(new Error('the download was cut short')));
        response.on('end', () => {
          clearInterval(sampler);
          rssPeakMb = Math.max(rssPeakMb, rssMbOf(pid));
          resolve({
            firstByteMs,
            totalMs: performance.now() - started,
            rows: lines - 1,
            bytes,
            rssBeforeMb,
            rssPeakMb,
          });
        });
      })
      .on('error', (error) => {
        clearInterval(sampler);
        reject(error);
      });
  });
}

export async function benchStatusExport(): Promise<{ failures: string[]; table: string[] }> {
  const entry = 'dist/src/main.js';
  if (!existsSync(join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  const databaseUrl =
    process.env.BENCH_STATUS_EXPORT_DATABASE_URL ??
    (process.env.BENCH_DATABASE_URL
      ? `${process.env.BENCH_DATABASE_URL}_status_export`
      : 'postgres://postgres@127.0.0.1:5432/attest_bench_status_export');
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}`;
  const rounds = Number(process.env.BENCH_EXPORT_ROUNDS ?? 3);
  // BENCH_REUSE_DATABASE=1 (with a database kept by BENCH_KEEP_DATABASE=1): migrate it and skip the seeding.
  const reuse = process.env.BENCH_REUSE_DATABASE === '1';
  if (!reuse) await recreateDatabase(databaseUrl);
  await migrate(databaseUrl);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const failures: string[] = [];
  const servers: ReturnType<typeof startBuilt>[] = [];
  try {
    log(reuse ? 'Reusing the seeded organization…' : 'Seeding the large organization for the status export…');
    const seeded = reuse ? await newOwnerToken(client) : await seedLargeOrganization(client);
    const [{ id: documentId }] = (
      await client.query(
        `SELECT id FROM documents WHERE organization_id = $1 AND latest_revision_id IS NOT NULL ORDER BY id LIMIT 1`,
        [seeded.organizationId],
      )
    ).rows;
    await client.query(`SET statement_timeout = 0`);
    // Every person active, so the document has all 100,000 as assignees (the seed archives a few).
    await client.query(`UPDATE people SET archived_at = NULL WHERE organization_id = $1 AND archived_at IS NOT NULL`, [
      seeded.organizationId,
    ]);
    const assigned = await client.query(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, created_at)
       SELECT $1, p.id, p.organization_id, now() FROM people p WHERE p.organization_id = $2
       ON CONFLICT DO NOTHING`,
      [documentId, seeded.organizationId],
    );
    await client.query(`VACUUM ANALYZE attestation_standings`);
    const [{ n: assignees }] = (
      await client.query(
        `SELECT count(*)::int AS n FROM attestation_standings WHERE document_id = $1 AND bucket <> 'none'`,
        [documentId],
      )
    ).rows;
    log(`Assigned ${assigned.rowCount} more people: the document has ${assignees} assignees.`);

    const profileDir = process.env.BENCH_EXPORT_PROFILE;
    const start = async (cwd?: string) => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const started = startBuilt(
        entry,
        {
          PORT: String(port),
          APP_URL: origin,
          DATABASE_URL: databaseUrl,
          REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          REDIS_PREFIX: redisPrefix,
          APP_KEY: randomBytes(32).toString('hex'),
          RATE_LIMIT_PER_MINUTE: '1000000',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          NODE_ENV: 'production',
          ...(profileDir && {
            BENCH_CPU_PROFILE: profileDir,
            BENCH_CPU_PROFILE_NAME: cwd ? 'status-export-baseline' : 'status-export',
          }),
        },
        { cwd, nodeArgs: profileDir ? ['-r', join(__dirname, 'lib', 'cpu-profile.js')] : [] },
      );
      servers.push(started);
      await waitUntilReady(`${origin}/health/ready`, started);
      return { process: started, url: `${origin}/api/v1/exports/documents/${documentId}/status.csv` };
    };
    const current = await start();
    const baselineDir = process.env.BENCH_BASELINE;
    const baseline = baselineDir ? await start(baselineDir) : null;
    const downloads: Download[] = [];
    const baselineDownloads: Download[] = [];
    for (let round = 0; round < rounds; round++) {
      // This build then the baseline, then the other way round: a load that drifts weighs on both alike.
      const order = baseline && round % 2 === 1 ? [baseline, current] : [current, baseline];
      for (const server of order) {
        if (!server) continue;
        const result = await download(server.url, seeded.token, server.process.child.pid!);
        const who = server === current ? 'this build' : 'baseline';
        if (server === current && result.rows !== assignees)
          failures.push(`status export: ${result.rows} rows, expected ${assignees}`);
        log(
          `  round ${round + 1}, ${who}: first byte ${result.firstByteMs.toFixed(0)} ms, complete ${result.totalMs.toFixed(0)} ms, ` +
            `${result.rows} rows (${(result.bytes / 1e6).toFixed(1)} MB), RSS ${result.rssBeforeMb.toFixed(0)} → ` +
            `${result.rssPeakMb.toFixed(0)} MB; load average ${loadavg()[0].toFixed(1)}`,
        );
        (server === current ? downloads : baselineDownloads).push(result);
      }
    }
    const firstByte = medianOf(downloads.map((d) => d.firstByteMs));
    const total = medianOf(downloads.map((d) => d.totalMs));
    const growth = Math.max(...downloads.map((d) => d.rssPeakMb - d.rssBeforeMb));
    if (firstByte >= 1000) failures.push(`status export: first byte ${firstByte.toFixed(0)} ms, target < 1000`);
    if (total >= 10_000) failures.push(`status export: complete ${total.toFixed(0)} ms, target < 10000`);
    if (growth >= 50) failures.push(`status export: RSS growth ${growth.toFixed(1)} MB, target < 50`);
    const table = [
      `A document's status CSV over ${assignees.toLocaleString('en')} assigned people, ${rounds} downloads ` +
        `(${(downloads[0].bytes / 1e6).toFixed(1)} MB each), measured ${new Date().toISOString().slice(0, 16)}Z; ` +
        `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores at the end:`,
      '',
      '| measure | median (range) | target |',
      '|---|---|---|',
      `| time to first byte | ${firstByte.toFixed(0)} ms (${range(downloads.map((d) => d.firstByteMs))}) | < 1 s |`,
      `| complete | ${total.toFixed(0)} ms (${range(downloads.map((d) => d.totalMs))}) | < 10 s |`,
      `| API RSS growth while streaming (largest) | ${growth.toFixed(1)} MB | < 50 MB |`,
    ];
    if (baselineDownloads.length > 0) {
      const figures = (of: Download[]) =>
        `${medianOf(of.map((d) => d.firstByteMs)).toFixed(0)} ms | ${medianOf(of.map((d) => d.totalMs)).toFixed(0)} ms ` +
        `(${range(of.map((d) => d.totalMs))}) | ${Math.max(...of.map((d) => d.rssPeakMb - d.rssBeforeMb)).toFixed(1)} MB`;
      table.push(
        '',
        `Side by side in the same run, alternating (baseline: \`${baselineDir}\`):`,
        '',
        '| build | first byte (median) | complete (median, range) | RSS growth (largest) |',
        '|---|---|---|---|',
        `| this build | ${figures(downloads)} |`,
        `| baseline | ${figures(baselineDownloads)} |`,
      );
    }
    log(table.join('\n'));
    return { failures, table };
  } finally {
    for (const server of servers) await server.stop();
    await client.end();
    await dropRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix).catch(() => undefined);
    if (process.env.BENCH_KEEP_DATABASE !== '1') await dropDatabase(databaseUrl);
  }
}

/** An owner token for the organization with the most people (the seed's plaintext is not kept). */
async function newOwnerToken(client: Client): Promise<{ organizationId: string; token: string }> {
  const { rows } = await client.query(
    `SELECT t.organization_id, t.user_id FROM api_tokens t
      WHERE t.organization_id = (SELECT organization_id FROM people GROUP BY organization_id ORDER BY count(*) DESC LIMIT 1)
      LIMIT 1`,
  );
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO api_tokens (id, organization_id, user_id, name, token_hash, created_at) VALUES ($1, $2, $3, 'bench', $4, now())`,
    [newId(), rows[0].organization_id, rows[0].user_id, hashToken(token)],
  );
  return { organizationId: rows[0].organization_id, token };
}

function range(values: number[]): string {
  return `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
}
