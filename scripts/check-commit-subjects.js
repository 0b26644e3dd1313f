'use strict';
/**
 * `node scripts/check-commit-subjects.js [head]`: refuses commits made after the rule began (BASE, the tip of main
 * when it was adopted) whose message breaks the rule of docs/contributing.md. Older commits are left alone: history
 * is not rewritten. Plain Node and git, no dependency, so CI can run it before `npm test`.
 */
const { execFileSync } = require('node:child_process');

/** The tip of main when the rule was adopted; every commit after it is checked. */
const BASE = '874b91110be3101a141cf3edc1297f43dbc7c2f3';
const MAX_SUBJECT_LENGTH = 72;

/** What is wrong with one commit message (its raw text, `git log --format=%B`); empty when nothing is. */
function messageProblems(message) {
  const lines = message.replace(/\r\n/g, '\n').split('\n');
  const subject = lines[0].trimEnd();
  const problems = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  const length = [...subject].length;
  if (length > MAX_SUBJECT_LENGTH) problems.push(`the subject is ${length} characters (at most ${MAX_SUBJECT_LENGTH})`);
  if (subject.endsWith('.')) problems.push('the subject ends with a period');
  if (lines.length > 1 && lines[1].trim() !== '') problems.push('no blank line between the subject and the body');
  return problems;
}

function git(cwd, args, options = {}) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

function hasCommit(cwd, rev) {
  try {
    git(cwd, ['cat-file', '-e', `${rev}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks the commits of base..head. Answers `{ skipped }` (with the reason) when this is no git checkout, or a
 * shallow clone that lacks the base and cannot be deepened; otherwise `{ checked, offending: [{ commit, subject,
 * problems }] }`.
 */
function checkCommits({ cwd = process.cwd(), base = BASE, head = 'HEAD' } = {}) {
  try {
    git(cwd, ['rev-parse', '--git-dir']);
  } catch {
    return { skipped: 'not a git checkout' };
  }
  if (!hasCommit(cwd, base)) {
    if (git(cwd, ['rev-parse', '--is-shallow-repository']).trim() !== 'true') {
      throw new Error(`the base commit ${base} is not in this repository's history`);
    }
    try {
      git(cwd, ['fetch', '--quiet', '--unshallow'], { timeout: 120_000 });
    } catch {
      // No remote, or no network: said below.
    }
    if (!hasCommit(cwd, base)) {
      return { skipped: `shallow clone without the base commit ${base.slice(0, 9)} (git fetch --unshallow to check)` };
    }
  }
  const commits = git(cwd, ['rev-list', '--reverse', `${base}..${head}`])
    .split('\n')
    .filter(Boolean);
  const offending = [];
  for (const commit of commits) {
    const message = git(cwd, ['log', '-1', '--format=%B', commit]).replace(/\n+$/, '');
    const problems = messageProblems(message);
    if (problems.length > 0) offending.push({ commit, subject: message.split('\n')[0], problems });
  }
  return { checked: commits.length, offending };
}

function main() {
  const name = 'check-commit-subjects';
  let result;
  try {
    result = checkCommits({ head: process.argv[2] ?? 'HEAD' });
  } catch (error) {
    console.error(`${name}: ${error.message}`);
    return 1;
  }
  if (result.skipped) {
    console.log(`${name}: skipped: ${result.skipped}`);
    return 0;
  }
  for (const { commit, subject, problems } of result.offending) {
    const shown = subject.length > 60 ? `${subject.slice(0, 57)}...` : subject;
    console.error(`${commit.slice(0, 9)} "${shown}": ${problems.join('; ')}`);
  }
  if (result.offending.length > 0) {
    console.error(
      `${name}: ${result.offending.length} of ${result.checked} commits after ${BASE.slice(0, 9)} break the rule ` +
        '(docs/contributing.md, "Commits"); reword them (git rebase -i) before merging',
    );
    return 1;
  }
  console.log(`${name}: ${result.checked} commit(s) after ${BASE.slice(0, 9)}, every message follows the rule`);
  return 0;
}

module.exports = { BASE, MAX_SUBJECT_LENGTH, messageProblems, checkCommits };

if (require.main === module) process.exitCode = main();
