import type { INestApplicationContext } from '@nestjs/common';
import type { Options, OptionSpec } from './cli-arguments';

/** One admin CLI command: its options, and what it does through the use-cases. Its result is printed as JSON. */
export interface AdminCommand {
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  run(app: INestApplicationContext, options: Options): Promise<object>;
}
