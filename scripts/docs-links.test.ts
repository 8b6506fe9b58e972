import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Written on another branch; a link to it is accepted only while the file does not exist yet.
const PENDING = new Set<string>();

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Relative link targets of a Markdown file: inline links and images, outside code. */
function linksOf(markdown: string): string[] {
  const text = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  const links: string[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
    links.push(target);
  }
  return links;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('documentation links', () => {
  it('finds the documents', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    const name = relative(root, file);
    it(`${name}: every relative link points to an existing file and heading`, () => {
      const broken: string[] = [];
      for (const link of linksOf(readFileSync(file, 'utf8'))) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? file : resolve(dirname(file), decodeURI(path));
        const fromRoot = relative(root, target);
        if (!existsSync(target)) {
          if (!PENDING.has(fromRoot)) broken.push(`${link} (no file ${fromRoot})`);
          continue;
        }
        if (anchor && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
          broken.push(`${link} (no heading #${anchor} in ${fromRoot})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it('names only source paths that exist', () => {
    // Made at run time or inside an installed app, not in a checkout.
    const generated = new Set(['bin/whisper-cli', 'e2e/screenshots/', 'resources/skills', 'resources/workers']);
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/`((?:src-main|src-shared|src-renderer|scripts|e2e|workers|skills|bench|resources|bin)\/[^`\s]*)`/g)) {
        const path = m[1]!;
        if (/[<*{]/.test(path) || generated.has(path)) continue;
        if (!existsSync(join(root, path))) missing.push(`${relative(root, file)}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cites nothing outside the repository', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, relative(root, file)).not.toMatch(/\bspec\/0\d\d|DESIGN\.md|\bissue \d+/i);
    }
  });
});
