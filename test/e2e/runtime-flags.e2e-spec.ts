import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredNodeFlags } from '../../bench/lib/api-process';

const ROOT = join(__dirname, '..', '..');

/**
 * The API's heap limits (docs/operations.md#memory) are declared in three places that must agree; read as the
 * benchmark reads them, so it measures the API with the flags it is deployed with.
 */
describe('the API process runs with its declared heap flags', () => {
  const flags = declaredNodeFlags(ROOT, 'dist/src/main.js');

  it('declares a capped young generation and a bounded heap growth', () => {
    expect(flags).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/)]));
    expect(flags).toEqual(expect.arrayContaining([expect.stringMatching(/^--heap-growing-percent=\d+$/)]));
  });

  it('npm start and the Docker image run the API with the same flags as start:prod', () => {
    expect(declaredNodeFlags(ROOT, 'scripts/start.js')).toEqual(flags);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd![1])).toEqual(['node', ...flags, 'dist/src/main.js']);
  });

  it('this Node accepts them, and they cap the young generation', () => {
    const semiSpaceMb = Number(
      /^--max-semi-space-size=(\d+)$/.exec(flags.find((f) => f.startsWith('--max-semi'))!)![1],
    );
    // Garbage with survivors grows the young generation to its limit (V8's default here: 128 MB).
    const script = `
      const v8 = require('node:v8'); const keep = [];
      for (let i = 0; i < 2e6; i++) { const o = { i, s: 'x' + i }; if (i % 3 === 0) keep.push(o); if (keep.length > 2e5) keep.length = 0; }
      const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      process.stdout.write(String(space.space_size));`;
    const run = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(Number(run.stdout)).toBeLessThanOrEqual(2 * semiSpaceMb * 1024 * 1024);
  });
});
