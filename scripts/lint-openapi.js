'use strict';
/**
 * `npm run lint:openapi` (part of `npm test`): the committed openapi.json through Spectral (ruleset spectral:oas)
 * and Redocly (its recommended rules), at zero problems: a warning fails too. The two run side by side.
 */
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function main() {
  const [spectral, redocly] = await Promise.all([
    run(bin('spectral'), ['lint', 'openapi.json', '--ruleset', '.spectral.yaml', '--fail-severity', 'hint']),
    run(bin('redocly'), ['lint', 'openapi.json', '--format', 'json']),
  ]);
  let failed = false;
  if (spectral.status !== 0) {
    failed = true;
    process.stderr.write(`spectral lint openapi.json:\n${spectral.stdout}${spectral.stderr}\n`);
  }
  let totals;
  try {
    totals = JSON.parse(redocly.stdout).totals;
  } catch {
    totals = null;
  }
  if (redocly.status !== 0 || !totals || totals.errors + totals.warnings + (totals.ignored ?? 0) > 0) {
    failed = true;
    const shown = spawnSync(bin('redocly'), ['lint', 'openapi.json'], { cwd: ROOT, encoding: 'utf8' });
    process.stderr.write(`redocly lint openapi.json:\n${shown.stdout}${shown.stderr}\n`);
  }
  if (failed) process.exit(1);
  process.stdout.write('openapi.json: spectral (spectral:oas) and redocly: no problems\n');
}

main();
