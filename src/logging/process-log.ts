import pino from 'pino';
import type { AppConfig } from '../config/app-config';

/**
 * The logger of an entry point's own lines (start-up, mode, shutdown): JSON in the same shape as the application's
 * (pino with pid and hostname, and a `context`), so a log collector reads one format from the first line on.
 */
export function processLog(context: string, level = 'info'): pino.Logger {
  return pino({ level }).child({ context });
}

/**
 * The one loud warning of a production process that would write emails to the log: their links open the
 * recipients' attestation pages, so the log then holds secrets.
 */
export function warnWithoutSmtp(config: AppConfig, log: pino.Logger): void {
  if (config.smtpUrl) return;
  log.warn(
    '!!! SMTP_URL is not set: emails are NOT sent, they are written to this log, attestation links included. ' +
      "Those links are secrets: anyone reading the log can sign in the recipient's name. Set SMTP_URL. !!!",
  );
}
