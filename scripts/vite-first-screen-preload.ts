// A Vite plugin: index.html lists every chunk the guests' first screen needs (the code loaded on demand after the
// entry: the cache's restore, the shell, the messages' runtime and the menu's route), so the browser asks for all of
// them as soon as the page arrives instead of one link of the import chain after another; and it runs the early script
// (a second entry of the build, src/early.ts) before the app's entry.
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { FIRST_SCREEN_CODE } from '../src/first-screen-code.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * `firstScreen`: patterns for the modules whose chunks the entry imports on demand before the first screen shows
 * (each chunk with its static imports and their styles). Chunks the entry already loads are left to Vite's own links.
 */
export function preloadFirstScreen(firstScreen: readonly RegExp[], { early }: { early: RegExp }): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (output): output is Chunk & typeof output => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (chunk: Chunk, into: Set<Chunk>) => {
          if (into.has(chunk)) return into;
          into.add(chunk);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) closure(imported, into);
          }
          return into;
        };
        const earlyChunk = chunks.find((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => early.test(id)));
        if (!earlyChunk) throw new Error(`No entry chunk holds ${early}: the early script is missing from the build.`);
        const entry = chunks.find((chunk) => chunk.isEntry && chunk !== earlyChunk);
        const loaded = entry ? closure(entry, new Set()) : new Set<Chunk>();
        const wanted = new Set<Chunk>();
        for (const pattern of firstScreen) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => pattern.test(id)));
          if (!chunk) throw new Error(`No chunk holds ${pattern}: the first screen's preload list must be updated.`);
          closure(chunk, wanted);
        }
        // First in the page, so it runs first, with what it imports listed before it: it must not need the entry's chunk.
        const earlyChunks = closure(earlyChunk, new Set());
        const entryChunks = entry ? closure(entry, new Set()) : new Set<Chunk>();
        const waitsFor = [...earlyChunks].filter((chunk) => entryChunks.has(chunk) && chunk.code.length > 4096);
        if (waitsFor.length > 0)
          throw new Error(
            `The early script imports ${waitsFor.map((chunk) => chunk.fileName).join(', ')}: it would wait for them.`,
          );
        const earlyTags = [
          ...[...earlyChunks]
            .filter((chunk) => chunk !== earlyChunk)
            .map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`),
          `<script type="module" crossorigin src="/${earlyChunk.fileName}"></script>`,
        ];
        const entryScript = html.search(/<script type="module"/);
        if (entryScript < 0) throw new Error('index.html has no module script to put the early script before.');
        for (const chunk of earlyChunks) loaded.add(chunk);
        const tags: HtmlTagDescriptor[] = [];
        const styles = new Set<string>();
        for (const chunk of wanted) {
          if (loaded.has(chunk)) continue;
          // Low priority: on an HTTP/1.1 connection limit these would otherwise queue the entry and the early reads.
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${chunk.fileName}` },
          });
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        // Fetched now, applied when the chunk that needs them runs (Vite's loader adds them as anonymous-CORS sheets).
        for (const css of styles) {
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, fetchpriority: 'low', href: `/${css}` },
          });
        }
        // Listed inert, in a template the early script moves into the page once the menu's first answer is in
        // (src/early.ts): until then the entry has the line to itself, arrives first and runs while this code is still
        // on its way, so only the first screen's own code is left to run after the last byte.
        return {
          html: `${html.slice(0, entryScript)}${earlyTags.join('\n    ')}\n    ${html.slice(entryScript)}`,
          tags: [{ tag: 'template', attrs: { id: FIRST_SCREEN_CODE }, children: tags, injectTo: 'head' as const }],
        };
      },
    },
  };
}

/**
 * One chunk for the first screen's own modules (what `firstScreen` imports statically, less what the entries already
 * load): the bundler would otherwise cut them into a score of small chunks, and on a slow network each costs a round
 * trip and its headers. `test` is for a codeSplitting group; the plugin fills it in once the module graph is known.
 * `later` names modules the graph reaches only through a package's index re-exporting them, which the first screen never
 * calls: in its chunk they would be fetched before the first tap for the later screens' sake.
 */
export function firstScreenChunk(
  firstScreen: readonly RegExp[],
  entries: readonly RegExp[],
  later: readonly RegExp[] = [],
) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'first-screen-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        roots.forEach(visit);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const loadedByEntries = closure(ids.filter((id) => entries.some((pattern) => pattern.test(id))));
      for (const id of closure(ids.filter((id) => firstScreen.some((pattern) => pattern.test(id)))))
        if (!loadedByEntries.has(id) && !later.some((pattern) => pattern.test(id))) members.add(id);
    },
  };
  return { plugin, test: (id: string) => members.has(id) };
}
