import { Client } from 'pg';

/** The server's maintenance database URL for a database URL (same server, database `postgres`). */
function adminUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  return name;
}

async function asAdmin(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Drops and creates the benchmark's own database, so every run starts from the same data. */
export async function recreateDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await asAdmin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await asAdmin(url, `CREATE DATABASE ${name}`);
}

export async function dropDatabase(url: string): Promise<void> {
  await asAdmin(url, `DROP DATABASE IF EXISTS ${databaseName(url)} WITH (FORCE)`);
}

export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
