'use strict';
/**
 * `npm run lint:openapi` (part of `npm test`): the committed openapi.json through Spectral (ruleset spectral:oas)
 * and Redocly (its recommended rules), at zero problems: a warning fails too.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const run = (command, args) => spawnSync(command, args, { cwd: ROOT, encoding: 'utf8' });

let failed = false;
const spectral = run(bin('spectral'), [
  'lint',
  'openapi.json',
  '--ruleset',
  '.spectral.yaml',
  '--fail-severity',
  'hint',
]);
if (spectral.status !== 0) {
  failed = true;
  process.stderr.write(`spectral lint openapi.json:\n${spectral.stdout}${spectral.stderr}\n`);
}
const redocly = run(bin('redocly'), ['lint', 'openapi.json', '--format', 'json']);
let totals;
try {
  totals = JSON.parse(redocly.stdout).totals;
} catch {
  totals = null;
}
if (redocly.status !== 0 || !totals || totals.errors + totals.warnings + (totals.ignored ?? 0) > 0) {
  failed = true;
  const shown = run(bin('redocly'), ['lint', 'openapi.json']);
  process.stderr.write(`redocly lint openapi.json:\n${shown.stdout}${shown.stderr}\n`);
}
if (failed) process.exit(1);
process.stdout.write('openapi.json: spectral (spectral:oas) and redocly: no problems\n');
