// Which messages the guests' first screen shows, found in the build's module graph: the message ids named by every
// module the first screen runs. The catalog plugin (vite-message-catalogs.ts) puts those in the first part of each
// catalog and the rest in the later part, which every screen loaded on demand brings with its code (src/ui/lazy-screen.tsx).

/** What the walk needs to know of a module: its code (after the build's transforms) and what it imports. */
export interface GraphModule {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/** Quoted text made only of an id's characters: a message id when the catalog has it. */
const QUOTED_ID = /(?<=["'`])[A-Za-z][\w.-]*(?=["'`])/g;
/** A template literal's text before its first `${}`: `status.${x}` names every id under `status.`. */
const TEMPLATE_PREFIX = /`([^`\\$]*)\$\{/g;
/** `t(` given a template literal with no text before its first `${}`: the build could not tell which messages it shows. */
const UNPREFIXED_ID = /\bt\(\s*`\$\{/;

/**
 * The message ids a module's code names: each string literal that is an id, and each id under the static prefix (up
 * to a dot) of a template literal, so that `t(MESSAGES[kind])` and `t(\`error.${kind}\`)` are found as well as `t('id')`.
 */
export function messageIdsIn(code: string, ids: readonly string[], where = 'a module'): string[] {
  if (UNPREFIXED_ID.test(code))
    throw new Error(`${where} passes t() a template literal without a static prefix: name the message's namespace.`);
  const known = new Set(ids);
  const found = new Set<string>();
  for (const [text] of code.matchAll(QUOTED_ID)) if (known.has(text)) found.add(text);
  for (const [, text] of code.matchAll(TEMPLATE_PREFIX)) {
    const prefix = text!.slice(0, text!.lastIndexOf('.') + 1);
    if (prefix === '') continue;
    for (const id of ids) if (id.startsWith(prefix)) found.add(id);
  }
  return [...found];
}

interface FirstScreenOptions {
  /** The app's entry module: the walk starts there. */
  entry: string;
  /** Loads a module of the build (its transformed code and its imports). */
  load: (id: string) => Promise<GraphModule>;
  /** The first screen's modules the entry and the shell import on demand (vite.config.ts, FIRST_SCREEN). */
  firstScreen: readonly RegExp[];
  /** Every message id the catalogs have. */
  ids: readonly string[];
}

/**
 * The ids the menu's first screen may show: those named by the modules reached from the entry through static imports
 * and through on-demand imports of the first screen's own modules. Any other on-demand import is a screen (or a piece
 * of one) loaded with `lazyScreen`, which brings the later part with it.
 */
export async function firstScreenMessageIds({
  entry,
  load,
  firstScreen,
  ids,
}: FirstScreenOptions): Promise<Set<string>> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = async (id: string): Promise<void> => {
    // Dependencies name no message of ours; virtual modules (`\0…`) are the bundler's helpers.
    if (seen.has(id) || id.startsWith('\0') || /[\\/]node_modules[\\/]/.test(id)) return;
    seen.add(id);
    const module = await load(id);
    for (const messageId of messageIdsIn(module.code ?? '', ids, id)) found.add(messageId);
    const next = [
      ...module.importedIds,
      ...module.dynamicallyImportedIds.filter((imported) => firstScreen.some((pattern) => pattern.test(imported))),
    ];
    await Promise.all(next.map(visit));
  };
  await visit(entry);
  return found;
}
