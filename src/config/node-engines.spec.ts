import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `engines.node` in package.json (and the README) must state the truth: every Node version it admits must satisfy
 * every runtime dependency's own `engines.node`, so `npm ci` on an admitted version prints no engine warning.
 */
// semver comes with npm's own tooling in every install; only its `subset` is needed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const semver = require('semver') as { subset(sub: string, dom: string): boolean };

const ROOT = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[] }>;
};

describe('the Node version the project claims', () => {
  const claimed = manifest.engines.node;

  it('satisfies the engines of every runtime dependency', () => {
    const unmet = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.dev)
      .map(([path, entry]) => ({
        name: path.replace(/^.*node_modules\//, ''),
        node: Array.isArray(entry.engines) ? undefined : entry.engines?.node,
      }))
      .filter((dependency): dependency is { name: string; node: string } => typeof dependency.node === 'string')
      .filter((dependency) => !semver.subset(claimed, dependency.node))
      .map((dependency) => `${dependency.name} needs node ${dependency.node}`);
    expect(unmet).toEqual([]);
  });

  it('is the one the README states', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`Node \`${claimed}\``);
  });
});
