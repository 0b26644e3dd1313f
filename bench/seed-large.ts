/**
 * `npm run seed:large [-- --scale 10 --org-name NAME --people N --documents N --groups N --requests N]`
 * Migrates DATABASE_URL and adds one organization with 100,000 people, 1,000 documents with revisions,
 * 200 groups and 500,000 attestation requests (by default; `--scale 10`: 1,000,000 people, 5,000 documents,
 * 1,000 groups, 5,000,000 requests). Prints one JSON object: the organization, an owner token for it, the row
 * counts and the time each step took.
 */
import { parseArgs } from 'node:util';
import { migrate } from '../src/database/migrate';
import { withClient } from './lib/bench-database';
import { LARGE_ORGANIZATION, seedLargeOrganization, TEN_TIMES_ORGANIZATION } from './lib/large-organization';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const { values } = parseArgs({
    options: {
      'org-name': { type: 'string', default: `Large Organization ${new Date().toISOString()}` },
      people: { type: 'string' },
      documents: { type: 'string' },
      groups: { type: 'string' },
      requests: { type: 'string' },
      scale: { type: 'string', default: '1' },
    },
  });
  if (!['1', '10'].includes(values.scale)) throw new Error('--scale must be 1 or 10');
  const base = values.scale === '10' ? TEN_TIMES_ORGANIZATION : LARGE_ORGANIZATION;
  const count = (name: 'people' | 'documents' | 'groups' | 'requests') => {
    const raw = values[name];
    if (raw === undefined) return base[name];
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`--${name} must be a positive whole number`);
    return Number(raw);
  };
  await migrate(url);
  const seeded = await withClient(url, (client) =>
    seedLargeOrganization(
      client,
      { people: count('people'), documents: count('documents'), groups: count('groups'), requests: count('requests') },
      values['org-name'],
    ),
  );
  process.stdout.write(
    `${JSON.stringify({
      organization_id: seeded.organizationId,
      user_id: seeded.userId,
      token: seeded.token,
      rows: seeded.rows,
      seconds: seeded.seconds,
      steps: seeded.steps,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`seed:large failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
