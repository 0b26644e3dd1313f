import { readdirSync, readFileSync } from 'node:fs';
import { newId } from '@lib/core';
import { defineScenario, type Scenario } from '../scenario';

const CERTIFICATES = 1_000;
const REQUESTS = 50;
const WARM_UP = 10 * REQUESTS;
const SAMPLE_MS = 250;

/** Typed names as recipients type them: mostly Latin with accents, and Chinese, Japanese, Korean, Arabic, Hebrew. */
const NAMES = [
  'Ada Lovelace',
  'José Álvarez-Núñez',
  'Zoë Müller',
  'Łukasz Wróblewski',
  'Nguyễn Thị Minh Khai',
  'Dmitri Ivanovich Mendeleev',
  'Siobhán Ní Bhriain',
  '王小明',
  '田中 たなか 太郎',
  '김민준',
  'محمد علي',
  'דוד כהן',
  'Grace Hopper',
  'Chloé 王 محمد',
];

const rssMb = (pid: number) => {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0; // ended meanwhile
  }
};

/** The processes the API started (the certificate renderer), from /proc/<pid>/task/<tid>/children. */
const childrenOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
};

/** The API's resident memory, alone and with the processes it started. */
const memoryOf = (pid: number) => {
  const api = rssMb(pid);
  return { api, withRenderer: api + childrenOf(pid).reduce((sum, child) => sum + rssMb(child), 0) };
};

/**
 * The certificate of completion, drawn on each request: 1,000 certificates of 50 signed requests in turn, whose
 * typed names mix scripts (a third of them need the CJK, Arabic or Hebrew fonts), each sealed (a PAdES signature by
 * the installation's key). The limits are the scenario's: its median (and p99), and how much the API's resident
 * memory may grow over the 1,000.
 *
 * The memory measured is the VmRSS (/proc/<pid>/status) of the API process and of the certificate renderer it
 * forked, together, read once the warm-up is done and again right after the 1,000th certificate; the growth is the
 * difference. The API's own is reported beside. The warm-up is 500 certificates (ten rounds of the 50 requests): every font in use is loaded, and
 * it is meant to let each heap reach the size it keeps under this traffic (V8 grows the API's young generation by
 * some 60 MB in the first seconds of sustained requests, whatever they are; with 200 the two readings could
 * straddle that). It is not always enough: in some runs the API's main heap still grew afterwards.
 * RSS is also sampled every 250 ms meanwhile: the report gives the peak and the growth over the second 500 alone,
 * which a leak would show as much as the first.
 */
export function certificateScenario(limits: {
  name: string;
  connections: number;
  maxMedianMs: number;
  maxP99Ms?: number;
  maxGrowthMb: number;
}): Scenario {
  return defineScenario({
    name: limits.name,
    requests: CERTIFICATES,
    connections: limits.connections,
    warmUp: WARM_UP,
    maxMedianMs: limits.maxMedianMs,
    maxP99Ms: limits.maxP99Ms,
    request: async ({ sql, organizationId }) => {
      // The seed signs requests without an audit entry: give 50 of them one, as the attestation page writes it.
      const rows = await sql<{ id: string; sha: string; attested_at: Date }>(
        `SELECT r.id, v.content_sha256 AS sha, r.attested_at FROM attestation_requests r
         JOIN document_revisions v ON v.id = r.document_revision_id
        WHERE r.organization_id = $1 AND r.status = 'attested'
        ORDER BY r.id LIMIT $2`,
        [organizationId, REQUESTS],
      );
      for (const [index, row] of rows.entries()) {
        await sql(
          `INSERT INTO attestations (id, organization_id, attestation_request_id, document_revision_id, typed_name,
                                   name_matches_recipient, content_sha256, ip_address, user_agent, attested_at)
         SELECT $1, r.organization_id, r.id, r.document_revision_id, $3, $4, $5, '203.0.113.7',
                'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
                $6
           FROM attestation_requests r WHERE r.id = $2
         ON CONFLICT (attestation_request_id) DO NOTHING`,
          [newId(), row.id, NAMES[index % NAMES.length], index % 5 !== 0, row.sha, row.attested_at],
        );
      }
      const paths = rows.map((row) => `/attestation-requests/${row.id}/certificate`);
      return { path: paths[0], requests: paths.map((path) => ({ method: 'GET' as const, path })) };
    },
    observe: {
      before: async ({ apiPid }) => {
        const samples: { api: number; withRenderer: number }[] = [];
        const timer = setInterval(() => samples.push(memoryOf(apiPid)), SAMPLE_MS);
        return { start: memoryOf(apiPid), samples, timer };
      },
      after: async ({ apiPid }, observed) => {
        const { start, samples, timer } = observed as {
          start: { api: number; withRenderer: number };
          samples: { api: number; withRenderer: number }[];
          timer: NodeJS.Timeout;
        };
        clearInterval(timer);
        const end = memoryOf(apiPid);
        const growth = end.withRenderer - start.withRenderer;
        const half = samples[Math.floor(samples.length / 2)] ?? start;
        const signed = (mb: number) => `${mb >= 0 ? '+' : ''}${mb.toFixed(1)} MB`;
        const peak = (of: 'api' | 'withRenderer') => Math.max(start[of], end[of], ...samples.map((s) => s[of]));
        return {
          lines: [
            `API and certificate renderer, resident memory: ${start.withRenderer.toFixed(1)} MB after the warm-up ` +
              `(${WARM_UP} certificates), ${end.withRenderer.toFixed(1)} MB after ${CERTIFICATES} more: ${signed(growth)} ` +
              `(peak ${peak('withRenderer').toFixed(1)} MB; second half alone ${signed(end.withRenderer - half.withRenderer)})`,
            `API process alone: ${start.api.toFixed(1)} MB, then ${end.api.toFixed(1)} MB: ${signed(end.api - start.api)} ` +
              `(peak ${peak('api').toFixed(1)} MB)`,
          ],
          failures:
            growth < limits.maxGrowthMb
              ? []
              : [`resident memory grew ${growth.toFixed(1)} MB (limit ${limits.maxGrowthMb} MB)`],
        };
      },
    },
  });
}
