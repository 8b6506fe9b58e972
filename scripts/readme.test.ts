import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src-main/platform/config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('documents every configuration variable with its default', () => {
    for (const s of SETTINGS) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(row, s.env).toBeDefined();
      if ('default' in s && s.default !== undefined) expect(row, s.env).toContain(`\`${s.default}\``);
    }
  });

  it('names the two commands and the test command', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm run serve');
    expect(readme).toContain('npm test');
  });
});
