import type { INestApplicationContext } from '@nestjs/common';
import type { Options, OptionSpec } from './cli-arguments';

/** One admin CLI command: its options, and what it does through the use-cases. Its result is printed as JSON. */
export interface AdminCommand {
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /**
   * A maintenance command whose statements read whole organizations (a recount) gets this bound on each statement
   * instead of the service's, which is sized for requests; DATABASE_STATEMENT_TIMEOUT_MS, when set, still decides.
   */
  statementTimeoutMs?: number;
  run(app: INestApplicationContext, options: Options): Promise<object>;
}
