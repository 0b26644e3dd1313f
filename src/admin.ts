import './admin/compile-cache';
import { DomainError } from '@lib/core';
import type { AdminCommand } from './admin/admin-command';
import { parseOptions, UsageError } from './admin/cli-arguments';
import { ADMIN_COMMANDS } from './admin/commands';
import { commandHelp, globalHelp } from './admin/help';

/**
 * `npm run --silent admin -- <command> [--option value ...]`: organizations, users, tokens, documents and groups,
 * managed through the same use-cases as the API. stdout carries exactly one JSON object; everything else goes
 * to stderr.
 */
async function main(args: string[]): Promise<object | string> {
  const [name, ...rest] = args;
  if (name === undefined) throw new UsageError(`no command given (see --help)`);
  if (name === '--help' || name === '-h' || name === 'help') return globalHelp(ADMIN_COMMANDS);
  const command = ADMIN_COMMANDS.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(`unknown command "${name}" (see --help)`);
  if (rest.includes('--help') || rest.includes('-h')) return commandHelp(command);
  return run(command, rest);
}

async function run(command: AdminCommand, args: string[]): Promise<object> {
  const options = parseOptions(command.name, command.options, args);
  // Loaded only now, so --help and usage errors answer without loading the whole application. Loading it is most of
  // a command's time (1.4 s of 1.8 s here).
  const { openAdminContext } = await import('./admin/admin-context');
  const context = await openAdminContext(commandEnvironment(command, process.env));
  try {
    return await command.run(context.app, options);
  } finally {
    await context.close();
  }
}

/** The environment a command runs in: a maintenance command's own statement bound unless the operator set one. */
function commandEnvironment(command: AdminCommand, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (command.statementTimeoutMs === undefined || env.DATABASE_STATEMENT_TIMEOUT_MS?.trim()) return env;
  return { ...env, DATABASE_STATEMENT_TIMEOUT_MS: String(command.statementTimeoutMs) };
}

function exitCode(error: unknown): number {
  return error instanceof UsageError ? 2 : 1;
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const prefix = error instanceof DomainError || error instanceof UsageError ? '' : 'failed: ';
  return `${prefix}${message.trim().split('\n')[0]}`;
}

/** Exits once the answer is flushed, without waiting for connections a library keeps open. */
function finish(stream: NodeJS.WriteStream, text: string, code: number): void {
  stream.write(`${text}\n`, () => process.exit(code));
}

/** Runs one command and exits; scripts/admin.js calls it after building. */
export function runAdminCli(args: string[]): void {
  // A library printing to stdout would corrupt the one JSON answer: send stray console output to stderr.
  // eslint-disable-next-line no-console
  console.log = console.info = console.debug = console.error;
  main(args).then(
    (result) => finish(process.stdout, typeof result === 'string' ? result : JSON.stringify(result, null, 2), 0),
    (error: unknown) => finish(process.stderr, `admin: ${oneLine(error)}`, exitCode(error)),
  );
}

if (require.main === module) runAdminCli(process.argv.slice(2));
