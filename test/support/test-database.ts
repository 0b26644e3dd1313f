import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl, TEMPLATE_DATABASE_ENV, TEST_POSTGRES_URL } from './environment';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the run's migrated template; dropped by `drop()`. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) throw new Error('the Jest global setup did not create a template database');
  const name = `${template.replace('attest_tpl_', 'attest_t_')}_${randomBytes(4).toString('hex')}`;
  // Cloning needs the template to have no other sessions; retry briefly if another file is cloning it.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  return {
    name,
    url: databaseUrl(name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** An empty database (no template), for migration tests. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const name = `${(process.env[TEMPLATE_DATABASE_ENV] ?? 'attest_tpl_x').replace('attest_tpl_', 'attest_t_')}_e${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  return {
    name,
    url: databaseUrl(name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * A client of a fresh database cloned from the template, for the describe block it is called in: connected before
 * its tests, closed and the database dropped after them. Read `client` inside the tests.
 */
export function useTestDatabaseClient(): { readonly client: Client } {
  const held: { database?: TestDatabase; client?: Client } = {};
  beforeAll(async () => {
    held.database = await createTestDatabase();
    held.client = new Client({ connectionString: held.database.url });
    await held.client.connect();
  });
  afterAll(async () => {
    await held.client?.end();
    await held.database?.drop();
  });
  return {
    get client() {
      if (!held.client) throw new Error('the test database is connected in beforeAll');
      return held.client;
    },
  };
}
