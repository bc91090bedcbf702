// A Vite plugin: the message catalogs (src/ui/i18n/catalogs/*.json, ICU MessageFormat) are compiled at build time
// with Lingui's own compiler, so the browser gets ready-made messages and no parser. Imported with `?part=first` or
// `?part=later`, a catalog gives only that part of its messages: the first part is what the menu's first screen names,
// found in the module graph (message-split.ts), and the later part the rest.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { firstScreenMessageIds } from './message-split.ts';

const CATALOG = /[\\/]src[\\/]ui[\\/]i18n[\\/]catalogs[\\/][a-z]{2}\.json(\?part=(first|later))?$/;

interface CatalogOptions {
  /** The app's entry module, relative to the project's root. */
  entry: string;
  /** The first screen's modules imported on demand (vite.config.ts, FIRST_SCREEN). */
  firstScreen: readonly RegExp[];
}

export function compileMessageCatalogs({ entry, firstScreen }: CatalogOptions): Plugin {
  let root = process.cwd();
  let building = false;
  // Once per build: every language has the same ids (a unit test checks), so English's decide for all.
  let first: Promise<Set<string>> | undefined;
  return {
    name: 'compile-message-catalogs',
    // Before Vite's JSON plugin, which then turns the compiled JSON into a module as usual.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      building = config.command === 'build';
    },
    buildStart() {
      first = undefined;
    },
    async transform(code, id) {
      const match = CATALOG.exec(id);
      if (!match) return null;
      const part = match[2];
      const messages = JSON.parse(code) as Record<string, string>;
      // The split needs the whole module graph, which only a build has: the dev server and the tests put every message
      // in the first part (the tests load both parts before they render).
      let inPart = (_messageId: string) => true;
      if (part !== undefined && building) {
        const english = JSON.parse(readFileSync(resolve(root, 'src/ui/i18n/catalogs/en.json'), 'utf8')) as object;
        first ??= firstScreenMessageIds({
          entry: resolve(root, entry),
          firstScreen,
          ids: Object.keys(english),
          load: async (moduleId) => {
            const info = await this.load({ id: moduleId, resolveDependencies: true });
            return {
              code: info.code,
              importedIds: info.importedIds,
              dynamicallyImportedIds: info.dynamicallyImportedIds,
            };
          },
        });
        const firstIds = await first;
        inPart = (messageId) => firstIds.has(messageId) === (part === 'first');
      } else if (part === 'later') inPart = () => false;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([messageId]) => inPart(messageId))
          .map(([messageId, message]) => [messageId, compileMessage(message)]),
      );
      // A part is a module of its own: Vite's JSON plugin takes no query, so it becomes plain JavaScript here.
      if (part !== undefined)
        return {
          code: `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`,
          map: null,
          moduleType: 'js',
        };
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
