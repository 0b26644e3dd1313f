// A Stryker ignorer: skips the mutants of the code listed in stryker.config.mjs (EQUIVALENT_MUTANTS), each with
// its reason, which the report shows as the mutant's status reason.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { EQUIVALENT_MUTANTS } from '../../stryker.config.mjs';

const byFile = new Map();
for (const entry of EQUIVALENT_MUTANTS) {
  byFile.set(entry.file, [...(byFile.get(entry.file) ?? []), entry]);
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'equivalent-mutants', {
    shouldIgnore(path) {
      const { filename, code } = path.hub?.file?.opts ? { ...path.hub.file.opts, code: path.hub.file.code } : {};
      if (!filename || path.node.start == null) return undefined;
      const relative = filename.replaceAll('\\', '/');
      const entries = [...byFile].find(([file]) => relative.endsWith(`/${file}`))?.[1];
      const source = entries && code.slice(path.node.start, path.node.end);
      const match = entries?.find((entry) => entry.code === source && (!entry.node || entry.node === path.node.type));
      return match ? `Equivalent: ${match.reason}` : undefined;
    },
  }),
];
