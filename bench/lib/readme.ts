import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const README = join(__dirname, '..', '..', 'docs', 'benchmark.md');

/**
 * Replaces what docs/benchmark.md holds between `<!-- bench:<name>:begin -->` and `<!-- bench:<name>:end -->` (the
 * benchmark's latest figures); answers false when the markers are missing.
 */
export function writeReadmeSection(name: string, lines: readonly string[]): boolean {
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = readFileSync(README, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from === -1 || to < from) return false;
  writeFileSync(README, `${text.slice(0, from + begin.length)}\n${lines.join('\n')}\n${text.slice(to)}`);
  return true;
}
