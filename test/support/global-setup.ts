import { Client } from 'pg';
import { migrate } from '../../src/database/migrate';
import { databaseUrl, TEMPLATE_DATABASE_ENV, TEST_POSTGRES_URL } from './environment';

/**
 * Migrates one template database per run; every test file clones its own database from it
 * (CREATE DATABASE ... TEMPLATE ...), so files run in parallel and never see each other's rows.
 */
export default async function globalSetup(): Promise<void> {
  const name = `attest_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  await migrate(databaseUrl(name));
  process.env[TEMPLATE_DATABASE_ENV] = name;
}
