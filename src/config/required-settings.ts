/** What each production entry point cannot run without; `npm start` (embedded mode) fills these in itself. */
const REQUIRED: Record<'start:prod' | 'start:worker', readonly string[]> = {
  'start:prod': ['DATABASE_URL', 'REDIS_URL', 'APP_KEY'],
  // The worker writes the links in emails: without APP_URL they would point at localhost.
  'start:worker': ['DATABASE_URL', 'REDIS_URL', 'APP_KEY', 'APP_URL'],
};

/** Throws a one-line reason naming every setting the command needs and the environment lacks. */
export function requireSettings(command: keyof typeof REQUIRED, env: NodeJS.ProcessEnv = process.env): void {
  const missing = REQUIRED[command].filter((name) => !env[name]?.trim());
  if (missing.length === 0) return;
  const hint = command === 'start:prod' ? '; use npm start for the embedded mode' : '';
  throw new Error(`${command} needs ${missing.join(', ')}${hint}`);
}
