import { existsSync } from 'node:fs';
import { Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`.ci/run` installs it); the Playwright browser download is not reachable here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium for the browser tests, with a fresh temporary profile (Playwright removes it on close). The
 * background-networking flags keep it from calling out: this machine's network refuses such calls, many at a time.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no browser at ${CHROMIUM}: apt-get install chromium (as .ci/run does), or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
