/** Where the test suite finds PostgreSQL and Redis; overridable for machines where they live elsewhere. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export const TEMPLATE_DATABASE_ENV = 'ATTEST_TEST_TEMPLATE_DB';
