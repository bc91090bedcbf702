// A Vite plugin: the message catalogs (src/ui/i18n/catalogs/*.json, ICU MessageFormat) are compiled at build time
// with Lingui's own compiler, so the browser gets ready-made messages and no parser.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOG = /[\\/]src[\\/]ui[\\/]i18n[\\/]catalogs[\\/][a-z]{2}\.json$/;

export function compileMessageCatalogs(): Plugin {
  return {
    name: 'compile-message-catalogs',
    // Before Vite's JSON plugin, which then turns the compiled JSON into a module as usual.
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([messageId, message]) => [messageId, compileMessage(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
