// A Vite plugin: the message catalogs (src/ui/i18n/catalogs/*.json, ICU MessageFormat) are compiled at build time
// with Lingui's own compiler, so the browser gets ready-made messages and no parser. Imported with `?part=first` or
// `?part=later`, a catalog gives only that part of its messages (src/ui/i18n/catalog-parts.ts).
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { partOf } from '../src/ui/i18n/catalog-parts.ts';

const CATALOG = /[\\/]src[\\/]ui[\\/]i18n[\\/]catalogs[\\/][a-z]{2}\.json(\?part=(first|later))?$/;

export function compileMessageCatalogs(): Plugin {
  return {
    name: 'compile-message-catalogs',
    // Before Vite's JSON plugin, which then turns the compiled JSON into a module as usual.
    enforce: 'pre',
    transform(code, id) {
      const match = CATALOG.exec(id);
      if (!match) return null;
      const part = match[2];
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([messageId]) => part === undefined || partOf(messageId) === part)
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
