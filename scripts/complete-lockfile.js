#!/usr/bin/env node
/**
 * Some registries (like the mirror our build machines use) hold only the Linux builds of platform-specific
 * optional packages, so `npm install` leaves the other platforms' entries out of package-lock.json and a later
 * `npm ci` refuses the lockfile ("Missing: …-darwin-arm64 from lock file"). This adds the missing entries with
 * the platform npm needs to skip them (os/cpu read from the package name) and no download address, so
 * `npm ci` works here and on a developer's Mac or Windows machine, where npm fetches them by version.
 * Run it after changing dependencies: `npm run lockfile:complete`.
 */
const fs = require('node:fs');
const path = require('node:path');

const OSES = ['darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'netbsd', 'android', 'sunos', 'aix', 'openharmony'];
const CPUS = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = OSES.find((candidate) => tokens.includes(candidate));
  const cpu = CPUS.find((candidate) => tokens.includes(candidate));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === 'linux' && tokens.some((t) => /^musl/.test(t))) entry.libc = ['musl'];
  else if (os === 'linux' && tokens.some((t) => /^gnu/.test(t))) entry.libc = ['glibc'];
  return os || cpu ? entry : null;
}

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const added = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(spec)) continue;
    lock.packages[`node_modules/${name}`] = { version: spec, optional: true, ...platform };
    added.push(`${name}@${spec}`);
  }
}
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
process.stdout.write(added.length ? `added ${added.length} entries:\n  ${added.join('\n  ')}\n` : 'lockfile complete\n');
