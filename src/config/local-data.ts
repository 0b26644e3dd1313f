import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The directory of the zero-configuration mode (`npm start` without DATABASE_URL): the embedded PostgreSQL
 * cluster, its password, the generated APP_KEY and the demo-seed marker. `./.data` unless DATA_DIR says otherwise.
 */
export function localDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.DATA_DIR?.trim() || '.data');
}

/** APP_KEY for local runs: generated on first use and kept, so links in emails already sent stay valid. */
export function loadOrCreateAppKey(dataDir: string): string {
  const file = join(dataDir, 'app-key');
  try {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  } catch {
    // First start: create it below.
  }
  const key = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
