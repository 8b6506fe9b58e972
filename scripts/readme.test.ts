import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src-main/platform/config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const lines = readme.split('\n');

const folders = (dir: string) =>
  readdirSync(join(root, dir)).filter((n) => !n.startsWith('.') && statSync(join(root, dir, n)).isDirectory());

describe('README', () => {
  it('names the two commands and the test command', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm run serve');
    expect(readme).toContain('npm test');
  });

  it('stays short: the rest lives in docs/', () => {
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it('shows only real settings, with their real defaults, and links to the full reference', () => {
    const rows = lines.filter((l) => /^\| `[A-Z][A-Z0-9_]+` \|/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const row of rows) {
      const env = /^\| `([A-Z0-9_]+)` \|/.exec(row)![1]!;
      const setting = SETTINGS.find((s) => s.env === env);
      expect(setting, `${env} is not in src-main/platform/config/definitions.ts`).toBeDefined();
      const shown = row.split('|')[2]!.trim();
      const def = setting && 'default' in setting ? setting.default : undefined;
      expect(shown, env).toBe(def === undefined ? '—' : `\`${def}\``);
    }
    expect(readme).toContain('(docs/reference/configuration.md)');
  });

  it('maps every top-level folder and every folder of src-main', () => {
    const ignored = new Set(['node_modules', 'dist', 'release', 'data', 'local-tools']);
    for (const f of folders('.').filter((n) => !ignored.has(n))) expect(readme, f).toContain(`| \`${f}/\` |`);
    for (const f of folders('src-main')) expect(readme, `src-main/${f}`).toContain(`| \`${f}/\` |`);
  });
});
