'use strict';
/**
 * Incremental build on demand, shared by `npm run build`, `npm start`, `npm run admin`, `npm run migration:run`
 * and the Jest global setup. A stamp written after each successful build (dated when that build began) tells
 * whether any source changed since; a lock directory keeps concurrent callers from compiling into dist at once.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');
const LOCK = path.join(DIST, '.build-lock');
const BUILD_INFO = path.join(DIST, '.tsbuildinfo-build');
const INPUTS = ['src', 'libs', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json', 'package-lock.json'];
const ENTRY_POINTS = ['src/main.js', 'src/admin.js', 'src/start.js', 'src/database/migrate.js'];
/** Set by the Jest global setup after it has built once, so the processes the tests spawn skip the check. */
const CHECKED_ENV = 'ATTEST_BUILD_CHECKED';

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale() {
  if (ENTRY_POINTS.some((file) => !fs.existsSync(path.join(DIST, file)))) return true;
  let built;
  try {
    built = fs.statSync(STAMP).mtimeMs;
  } catch {
    return true;
  }
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the build lock, breaking it when its holder died or it is older than five minutes. */
function withLock(work) {
  fs.mkdirSync(DIST, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let holder = NaN;
      let age = 0;
      try {
        holder = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
        age = Date.now() - fs.statSync(LOCK).mtimeMs;
      } catch {
        // The holder is between mkdir and writing its pid, or just released the lock.
      }
      if ((Number.isInteger(holder) && !isAlive(holder)) || age > 5 * 60_000) {
        fs.rmSync(LOCK, { recursive: true, force: true });
      } else {
        sleep(200);
      }
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Compiles with the Nest CLI (tsc, incremental, rewriting the `@lib/*` aliases to relative paths).
 * `output`: where the compiler's messages go; the admin CLI sends them to stderr to keep stdout for its answer.
 * `ok` is whether the compiler reported no error (it emits JavaScript even when it reports type errors).
 */
function compile({ output = 'inherit' } = {}) {
  const startedAt = new Date();
  // tsc's incremental state would skip emitting files it believes are already in dist.
  if (ENTRY_POINTS.some((file) => !fs.existsSync(path.join(DIST, file)))) fs.rmSync(BUILD_INFO, { force: true });
  const nest = path.join(ROOT, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
  const stdio = output === 'stderr' ? ['ignore', 2, 2] : output === 'pipe' ? 'pipe' : 'inherit';
  const result = spawnSync(process.execPath, [nest, 'build'], { cwd: ROOT, stdio, encoding: 'utf8' });
  const ok = result.status === 0;
  if (ok) {
    fs.writeFileSync(STAMP, `${startedAt.toISOString()}\n`);
    fs.utimesSync(STAMP, startedAt, startedAt);
  }
  return { built: true, ok, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function build(options = {}) {
  return withLock(() => compile(options));
}

/** Builds when dist is missing or older than a source file; a no-op inside a test run that already did. */
function buildIfStale(options = {}) {
  const fresh = { built: false, ok: true, output: '' };
  if (process.env[CHECKED_ENV] === '1' || !isStale()) return fresh;
  // Checked again under the lock: another process may have just finished the same build.
  return withLock(() => (isStale() ? compile(options) : fresh));
}

/** For the launcher scripts: build if needed, or exit with the compiler's verdict. */
function ensureBuilt(options = {}) {
  const result = buildIfStale(options);
  if (!result.ok) {
    if (options.output === 'pipe') process.stderr.write(`${result.output}\n`);
    process.stderr.write('build failed: fix the compiler errors above, then try again\n');
    process.exit(1);
  }
}

module.exports = { ROOT, DIST, CHECKED_ENV, isStale, build, buildIfStale, ensureBuilt };
