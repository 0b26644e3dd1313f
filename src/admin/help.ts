import type { AdminCommand } from './admin-command';
import type { OptionSpec } from './cli-arguments';

const USAGE = 'npm run --silent admin --';

export function globalHelp(commands: AdminCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length)) + 2;
  return [
    `Usage: ${USAGE} <command> [--option value ...]`,
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}${command.summary}`),
    '',
    'Each command prints one JSON object on stdout and exits 0; on failure, one line on stderr and a non-zero',
    'exit (2: wrong usage, 1: refused or failed). "<command> --help" lists its options.',
    'Without DATABASE_URL the commands use the embedded database of `npm start` (under DATA_DIR, default ./.data).',
  ].join('\n');
}

export function commandHelp(command: AdminCommand): string {
  const entries = Object.entries(command.options);
  const width = Math.max(0, ...entries.map(([name]) => name.length)) + 4;
  const synopsis = entries.map(([name, spec]) =>
    spec.required ? `--${name} ${placeholder(spec)}` : `[--${name} ${placeholder(spec)}]`,
  );
  return [
    `Usage: ${USAGE} ${command.name} ${synopsis.join(' ')}`.trimEnd(),
    '',
    command.summary,
    ...(entries.length > 0 ? ['', 'Options:'] : []),
    ...entries.map(
      ([name, spec]) => `  --${name.padEnd(width)}${spec.description}${spec.required ? ' (required)' : ''}`,
    ),
  ].join('\n');
}

function placeholder(spec: OptionSpec): string {
  switch (spec.kind.type) {
    case 'choice':
      return spec.kind.values.join('|');
    case 'boolean':
      return 'true|false';
    case 'date':
      return 'ISO-8601';
    case 'integer':
      return 'N';
    case 'id':
      return 'ID';
    case 'path':
      return 'PATH';
    case 'email':
      return 'EMAIL';
    case 'text':
      return 'TEXT';
    case 'clearable-text':
      return 'TEXT|""';
    case 'clearable-integer':
      return 'N|""';
  }
}
