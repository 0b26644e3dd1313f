import type { INestApplicationContext } from '@nestjs/common';
import type { AdminCommand } from './admin-command';
import { id, type Options, type OptionSpec, type ValueOf } from './cli-arguments';

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

/** The fields an update command can change, each with the option that sets it: `{ firstName: ['first-name', spec] }`. */
type FieldOptions = Record<string, readonly [option: string, spec: OptionSpec]>;

/** The changes those options give, each of the type its option's kind converts to; undefined: not given. */
type ChangesOf<F extends FieldOptions> = { [K in keyof F]?: ValueOf<F[K][1]> };

/**
 * `<kind>:update` on one id (as PATCH): each option sets one field of the changes, so the option, its kind and the
 * field are written once; an option not given leaves its field as it is.
 */
export function updateCommand<F extends FieldOptions, T>(spec: {
  name: string;
  summary: string;
  fields: F;
  update: (app: INestApplicationContext, id: string, changes: ChangesOf<F>) => Promise<T>;
  present: (result: T) => object;
}): AdminCommand {
  const fields = Object.entries(spec.fields);
  return oneIdCommand({
    name: spec.name,
    summary: spec.summary,
    options: Object.fromEntries(fields.map(([, [option, optionSpec]]) => [option, optionSpec])),
    act: (app, id, options) =>
      spec.update(
        app,
        id,
        Object.fromEntries(fields.map(([field, [option]]) => [field, options.value(option)])) as ChangesOf<F>,
      ),
    present: spec.present,
  });
}
