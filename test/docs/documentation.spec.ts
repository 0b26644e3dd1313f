import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/**
 * The README is a guide and docs/ its reference: every link between them leads somewhere, and neither points at a
 * file the repository does not hold (the contract documents live outside it).
 */
const ROOT = join(__dirname, '../..');
const PAGES = [
  'README.md',
  'bench/README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/**
 * The contract documents, kept outside the repository: the code and the docs say the rule, or point at docs/.
 * A letter of some names is in brackets so that a plain search for them does not find this line either.
 */
const OUTSIDE =
  /shared\/spec|attestation-api\.md|CLARIFICATION[S]|EXTENSION[S]\b|OPERATIONS\.md|CONSOLE\.md|SCIM\.md|STYLE\.md|STACK-NOTE[S]/g;

/** The text files of a folder of the repository, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path);
    // Stryker's copy of the sources it last mutated: rewritten by each mutation run, not written by anyone.
    if (path === 'test/mutation/stryker-incremental.json') return [];
    return /\.(ts|tsx|js|mjs|cjs|json|md|sql|sh)$/.test(entry.name) ? [path] : [];
  });
}
const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(page: string): Set<string> {
  const headings = [...withoutCode(read(page)).matchAll(/^#+ (.*)$/gm)].map((match) =>
    match[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-'),
  );
  return new Set(headings);
}

function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const [, target] of withoutCode(read(page)).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target)) continue;
    const [path, anchor] = target.split('#');
    const file = path ? normalize(join(dirname(page), path)) : page;
    if (!existsSync(join(ROOT, file))) broken.push(`${page}: ${target} (no such file)`);
    else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
      broken.push(`${page}: ${target} (no such heading in ${relative('.', file)})`);
  }
  return broken;
}

describe('the documentation', () => {
  it('has a README of at most 600 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(600);
  });

  it.each(PAGES)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });

  it.each(PAGES)('%s names no document kept outside the repository', (page) => {
    expect(read(page).match(OUTSIDE) ?? []).toEqual([]);
  });

  it('has no comment or message in src, test, bench, scripts or libs that names one either', () => {
    const named = ['src', 'test', 'bench', 'scripts', 'libs']
      .flatMap((folder) => filesUnder(folder))
      .flatMap((file) =>
        read(file)
          .split('\n')
          .flatMap((line, index) => (line.match(OUTSIDE) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(named).toEqual([]);
  });

  it('has every docs/ page and heading that a comment in src, test, bench, scripts or libs points at', () => {
    const broken = ['src', 'test', 'bench', 'scripts', 'libs']
      .flatMap((folder) => filesUnder(folder))
      .flatMap((file) =>
        [...read(file).matchAll(/\b(docs\/[a-z-]+\.md)(?:#([a-z0-9-]+))?/g)]
          .filter(([, page, anchor]) => !existsSync(join(ROOT, page)) || (anchor && !anchorsOf(page).has(anchor)))
          .map(([reference]) => `${file}: ${reference}`),
      );
    expect(broken).toEqual([]);
  });

  it('finds a broken link when there is one', () => {
    expect(anchorsOf('README.md').has('configuration')).toBe(true);
    expect(anchorsOf('README.md').has('no-such-heading')).toBe(false);
  });
});
