import type { INestApplicationContext } from '@nestjs/common';
import type { AdminCommand } from './admin-command';
import { id } from './cli-arguments';

/**
 * A command whose one option names a row by id (`person:archive --person <id>`): it runs `act` on that id and
 * prints its answer as `present` shows it. The option is named after the command's first word unless `option` says.
 */
export function oneIdCommand<T>(spec: {
  name: string;
  summary: string;
  /** The option's name, and the description of the id it takes (default: `person`, "the person id"). */
  option?: [name: string, description: string];
  act: (app: INestApplicationContext, id: string) => Promise<T>;
  present: (result: T) => object;
}): AdminCommand {
  const kind = spec.name.split(':')[0];
  const [option, description] = spec.option ?? [kind, `the ${kind} id`];
  return {
    name: spec.name,
    summary: spec.summary,
    options: { [option]: id(description) },
    async run(app, options) {
      return spec.present(await spec.act(app, options.string(option)));
    },
  };
}
