import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface CheckResult {
  skipped?: string;
  checked?: number;
  offending?: Array<{ commit: string; subject: string; problems: string[] }>;
}
interface CommitSubjects {
  BASE: string;
  messageProblems(message: string): string[];
  checkCommits(options: { cwd: string; base: string; head?: string }): CheckResult;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { BASE, messageProblems, checkCommits } = require('../../scripts/check-commit-subjects') as CommitSubjects;

describe('the commit message rule', () => {
  it('takes a short imperative subject, alone or with a body after a blank line', () => {
    expect(messageProblems('Add the commit-subject check')).toEqual([]);
    expect(
      messageProblems('Move the benchmark history out of the README\n\nA user guide is read, not scrolled.'),
    ).toEqual([]);
    expect(messageProblems('x'.repeat(72))).toEqual([]);
  });

  it('counts characters, not bytes', () => {
    expect(messageProblems('é'.repeat(72))).toEqual([]);
  });

  it('refuses a subject over 72 characters', () => {
    expect(messageProblems('x'.repeat(73))).toEqual(['the subject is 73 characters (at most 72)']);
  });

  it('refuses a subject that ends with a period, trailing spaces or not', () => {
    expect(messageProblems('Add the check.')).toEqual(['the subject ends with a period']);
    expect(messageProblems('Add the check.  \n\nWhy.')).toEqual(['the subject ends with a period']);
  });

  it('refuses a body that follows the subject without a blank line', () => {
    expect(messageProblems('Add the check\nbecause subjects grew long')).toEqual([
      'no blank line between the subject and the body',
    ]);
    expect(messageProblems('Add the check\r\nbecause')).toEqual(['no blank line between the subject and the body']);
  });

  it('refuses an empty subject', () => {
    expect(messageProblems('\n\nA body without a subject')).toEqual(['the subject is empty']);
  });

  it('reports every problem of one message', () => {
    expect(messageProblems(`${'x'.repeat(80)}.\nbody`)).toEqual([
      'the subject is 81 characters (at most 72)',
      'the subject ends with a period',
      'no blank line between the subject and the body',
    ]);
  });

  it('starts from the tip of main when the rule was adopted', () => {
    expect(BASE).toMatch(/^874b911[0-9a-f]{33}$/);
  });
});

describe('checking a repository', () => {
  let dir: string;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = (cwd: string, message: string) => {
    writeFileSync(join(cwd, 'file.txt'), message);
    git(cwd, 'add', 'file.txt');
    git(cwd, '-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', message);
    return git(cwd, 'rev-parse', 'HEAD');
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'commit-subjects-'));
    git(dir, 'init', '-q', 'repo');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves the base and what came before it alone and checks every commit after it', () => {
    const repo = join(dir, 'repo');
    commit(repo, `An old subject far longer than seventy-two characters, made before the rule began.`);
    const base = commit(repo, 'The base.');
    commit(repo, 'Add a feature');
    const bad = commit(repo, 'Fix it.');

    const result = checkCommits({ cwd: repo, base });

    expect(result.checked).toBe(2);
    expect(result.offending).toEqual([
      { commit: bad, subject: 'Fix it.', problems: ['the subject ends with a period'] },
    ]);
  });

  it('skips with its reason in a shallow clone that lacks the base and cannot be deepened', () => {
    const repo = join(dir, 'repo');
    const base = commit(repo, 'The base');
    commit(repo, 'Add a feature');
    git(dir, 'clone', '-q', '--depth', '1', `file://${repo}`, 'shallow');
    const shallow = join(dir, 'shallow');
    git(shallow, 'remote', 'remove', 'origin');

    expect(checkCommits({ cwd: shallow, base }).skipped).toMatch(/^shallow clone without the base commit/);
  });

  it('deepens a shallow clone that lacks the base when its remote is there', () => {
    const repo = join(dir, 'repo');
    const base = commit(repo, 'The base');
    commit(repo, 'Add a feature.');
    git(dir, 'clone', '-q', '--depth', '1', `file://${repo}`, 'shallow');

    const result = checkCommits({ cwd: join(dir, 'shallow'), base });

    expect(result.checked).toBe(1);
    expect(result.offending?.map((offence) => offence.subject)).toEqual(['Add a feature.']);
  });

  it('refuses to pass a full history that does not hold the base', () => {
    const repo = join(dir, 'repo');
    commit(repo, 'Add a feature');

    expect(() => checkCommits({ cwd: repo, base: BASE })).toThrow(/is not in this repository's history/);
  });

  it('skips outside a git checkout', () => {
    expect(checkCommits({ cwd: tmpdir(), base: BASE }).skipped).toBe('not a git checkout');
  });
});
