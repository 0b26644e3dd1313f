import { readFileSync } from 'node:fs';
import { newId } from '@lib/core';
import { defineScenario } from '../scenario';

const CERTIFICATES = 1_000;
const REQUESTS = 50;

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
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
};

/**
 * The certificate of completion, drawn on each request: 1,000 certificates of 50 signed requests in turn, whose
 * typed names mix scripts (a third of them need the CJK, Arabic or Hebrew fonts). Requirements (issue 13): median
 * under 50 ms, and the API's resident memory grows less than 20 MB over the 1,000.
 */
export default defineScenario({
  name: 'GET /attestation-requests/{id}/certificate',
  requests: CERTIFICATES,
  // Four rounds of every request first: each font in use is loaded, and V8 has sized its heap for the work.
  warmUp: 4 * REQUESTS,
  maxMedianMs: 50,
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
    before: async ({ apiPid }) => rssMb(apiPid),
    after: async ({ apiPid }, before) => {
      const after = rssMb(apiPid);
      const growth = after - (before as number);
      return {
        lines: [
          `API resident memory: ${(before as number).toFixed(1)} MB after the warm-up, ${after.toFixed(1)} MB after ` +
            `${CERTIFICATES} certificates: ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB`,
        ],
        failures: growth < 20 ? [] : [`resident memory grew ${growth.toFixed(1)} MB (limit 20 MB)`],
      };
    },
  },
});
