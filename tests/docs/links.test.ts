// The README is a front door and the docs hold the rest: every relative link resolves inside the repository, to a file
// and (for a Markdown file) a heading that exist; the README stays short; the docs speak of the software, not its making.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const documents = ['README.md', 'bench/README.md', ...markdownUnder('docs')];

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/`/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function linksOf(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...[...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!),
    ...[...text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((match) => match[1]!),
  ];
}

function problemsWith(document: string): string[] {
  const markdown = readFileSync(join(root, document), 'utf8');
  const problems: string[] = [];
  for (const link of linksOf(markdown)) {
    if (/^(https?:|mailto:)/.test(link)) continue;
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? join(root, document) : resolve(root, dirname(document), decodeURI(path));
    const inside = relative(root, target);
    if (inside.startsWith('..') || inside.startsWith(sep)) {
      problems.push(`${document}: ${link} leads outside the repository`);
      continue;
    }
    if (!existsSync(target)) {
      problems.push(`${document}: ${link} names no file (${inside})`);
      continue;
    }
    if (anchor && target.endsWith('.md') && statSync(target).isFile()) {
      if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
        problems.push(`${document}: ${link} names no heading of ${inside}`);
      }
    }
  }
  return problems;
}

describe('the documentation', () => {
  it('links only to files and headings inside the repository', () => {
    expect(documents.length).toBeGreaterThan(10);
    expect(documents.flatMap(problemsWith)).toEqual([]);
  });

  it('keeps the README a front door of at most 200 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(200);
  });

  it('speaks of the software and its users, not of when or how it was made', () => {
    const unwanted = [/\bissue #?\d+/i, /\bthis round\b/i, /\b\d{1,2}:\d{2} UTC\b/, /\bload average\b/i];
    const found = documents.flatMap((document) => {
      const text = readFileSync(join(root, document), 'utf8');
      return unwanted.filter((pattern) => pattern.test(text)).map((pattern) => `${document}: ${pattern}`);
    });
    expect(found).toEqual([]);
  });
});
