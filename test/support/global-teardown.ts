import { Client } from 'pg';
import { TEMPLATE_DATABASE_ENV, TEST_POSTGRES_URL } from './environment';

/** Drops this run's template and any test database a crashed file left behind. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) return;
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `${template.replace('attest_tpl_', 'attest_t_')}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
