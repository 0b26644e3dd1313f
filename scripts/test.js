'use strict';
/**
 * `npm test [-- jest arguments]`: the static checks, then Jest. The checks are single-threaded programs (tsc,
 * ESLint, dependency-cruiser, the OpenAPI linters), so they run side by side, as many at once as the machine has
 * cores: on two cores that halves their wall time. A full run also builds dist/ (for the suites that spawn the
 * compiled program) alongside them instead of inside Jest's global setup. Jest runs only when every check passed.
 */
const { spawn, spawnSync } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');

/**
 * Suites whose assertions are about time (each webhook retry within its schedule), run after the others and alone:
 * beside two other suites on two cores they measured the neighbours (a retry gap of 6.4 s, not 2.6 s), not the
 * service. A selection (`npm test -- path`) runs as given.
 */
const ALONE = ['test/e2e/webhooks-retry-timing.e2e-spec.ts'];

/** npm scripts, longest first (measured in docs/testing.md), so the short ones fill the gaps at the end. */
const CHECKS = ['typecheck', 'lint:eslint', 'build:if-stale', 'lint:openapi', 'lint:layers'];

function runScript(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [process.env.npm_execpath, 'run', '--silent', name], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stderr.write(`${ok ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)\n`);
      if (!ok || output.trim()) process.stderr.write(`${output.trimEnd()}\n${signal ? `(${signal})\n` : ''}`);
      resolve(ok);
    });
  });
}

async function runChecks(names, lanes) {
  const queue = [...names];
  const results = [];
  const lane = async () => {
    while (queue.length > 0) results.push(await runScript(queue.shift()));
  };
  await Promise.all(Array.from({ length: Math.min(lanes, names.length) }, lane));
  return results.every(Boolean);
}

async function main() {
  if (!process.env.npm_execpath) {
    process.stderr.write('run this through npm: npm test [-- jest arguments]\n');
    process.exit(2);
  }
  const jestArgs = process.argv.slice(2);
  // With a selection, Jest's global setup builds only if a selected suite needs dist/.
  const checks = jestArgs.length > 0 ? CHECKS.filter((name) => name !== 'build:if-stale') : CHECKS;
  if (!(await runChecks(checks, os.availableParallelism()))) process.exit(1);
  const jest = (args) =>
    spawnSync(process.execPath, [process.env.npm_execpath, 'run', '--silent', 'test:only', '--', ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    }).status ?? 1;
  if (jestArgs.length > 0) process.exit(jest(jestArgs));
  const rest = jest(['--testPathIgnorePatterns', ...ALONE.map((file) => file.replaceAll('.', '\\.'))]);
  const alone = jest(['--runInBand', ...ALONE]);
  process.exit(rest !== 0 ? rest : alone);
}

main();
