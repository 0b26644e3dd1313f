import type { INestApplicationContext } from '@nestjs/common';
import type { AdminCommand } from './admin-command';
import { id, type Options, type OptionSpec } from './cli-arguments';

/**
 * A command on one row named by id (`person:archive --person <id>`, `person:update --person <id> --email ...`): it
 * runs `act` on that id (and the other options, listed after it) and prints its answer as `present` shows it. The id
 * option is named after the command's first word unless `option` says.
 */
export function oneIdCommand<T>(spec: {
  name: string;
  summary: string;
  /** The option's name, and the description of the id it takes (default: `person`, "the person id"). */
  option?: [name: string, description: string];
  /** The options besides the id. */
  options?: Record<string, OptionSpec>;
  act: (app: INestApplicationContext, id: string, options: Options) => Promise<T>;
  present: (result: T) => object;
}): AdminCommand {
  const kind = spec.name.split(':')[0];
  const [option, description] = spec.option ?? [kind, `the ${kind} id`];
  return {
    name: spec.name,
    summary: spec.summary,
    options: { [option]: id(description), ...spec.options },
    async run(app, options) {
      return spec.present(await spec.act(app, options.string(option), options));
    },
  };
}

/** `<kind>:archive` and `<kind>:restore` on one id: the pair every archivable kind has, printed alike. */
export function archivalCommands<T>(spec: {
  kind: string;
  summaries: Record<'archive' | 'restore', string>;
  archive: (app: INestApplicationContext, id: string) => Promise<T>;
  restore: (app: INestApplicationContext, id: string) => Promise<T>;
  present: (result: T) => object;
}): Record<'archive' | 'restore', AdminCommand> {
  const command = (verb: 'archive' | 'restore') =>
    oneIdCommand({
      name: `${spec.kind}:${verb}`,
      summary: spec.summaries[verb],
      act: spec[verb],
      present: spec.present,
    });
  return { archive: command('archive'), restore: command('restore') };
}
