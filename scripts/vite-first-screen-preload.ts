// A Vite plugin: index.html lists every chunk the guests' first screen needs (the code loaded on demand after the
// entry: the cache's restore, the shell, the messages' runtime and the menu's route), so the browser asks for all of
// them as soon as the page arrives instead of one link of the import chain after another.
import type { HtmlTagDescriptor, Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * `firstScreen`: patterns for the modules whose chunks the entry imports on demand before the first screen shows
 * (each chunk with its static imports and their styles). Chunks the entry already loads are left to Vite's own links.
 */
export function preloadFirstScreen(firstScreen: readonly RegExp[]): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
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
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loaded = entry ? closure(entry, new Set()) : new Set<Chunk>();
        const wanted = new Set<Chunk>();
        for (const pattern of firstScreen) {
          const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => pattern.test(id)));
          if (!chunk) throw new Error(`No chunk holds ${pattern}: the first screen's preload list must be updated.`);
          closure(chunk, wanted);
        }
        const tags: HtmlTagDescriptor[] = [];
        const styles = new Set<string>();
        for (const chunk of wanted) {
          if (loaded.has(chunk)) continue;
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` } });
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        // Fetched now, applied when the chunk that needs them runs (Vite's loader adds them as anonymous-CORS sheets).
        for (const css of styles) {
          tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` } });
        }
        return tags.map((tag) => ({ ...tag, injectTo: 'head' as const }));
      },
    },
  };
}
