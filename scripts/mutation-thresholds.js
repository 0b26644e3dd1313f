#!/usr/bin/env node
/**
 * Stryker's `thresholds.break` holds the whole run to one score; the security-relevant files are held to a
 * higher one (docs/testing.md). Reads the JSON report the last `stryker run` wrote and fails when one of
 * them scores under it. The score counts mutants no test covers as survivors, as Stryker's own does.
 */
const fs = require('node:fs');
const path = require('node:path');

const REPORT = path.join(__dirname, '..', 'reports', 'mutation', 'mutation.json');
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

async function main() {
  const { SECURITY_RELEVANT, SECURITY_RELEVANT_BREAK } = await import('../stryker.config.mjs');
  const report = JSON.parse(fs.readFileSync(REPORT, 'utf8'));
  let failed = false;
  for (const file of SECURITY_RELEVANT) {
    const mutants = report.files[file]?.mutants;
    if (!mutants) {
      console.error(`mutation: ${file} is not in the report`);
      failed = true;
      continue;
    }
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
    const score = detected + undetected === 0 ? 100 : (100 * detected) / (detected + undetected);
    const ok = score >= SECURITY_RELEVANT_BREAK;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${score.toFixed(2).padStart(6)} %  ${file} (${undetected} undetected)`);
  }
  if (failed) {
    console.error(`mutation: a security-relevant file scores under ${SECURITY_RELEVANT_BREAK} %`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
