import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../src-main/platform/config';
import { ENV_EXAMPLE, OUTPUT, renderConfigReference, renderEnvExample } from './gen-config-reference.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const render = renderConfigReference as () => Promise<string>;
const renderEnv = renderEnvExample as () => Promise<string>;

describe('configuration reference', () => {
  it('is the text npm run docs:config generates from the settings table', async () => {
    const expected = await render();
    const committed = readFileSync(join(root, OUTPUT as string), 'utf8');
    if (committed !== expected) {
      throw new Error(
        `${OUTPUT} is out of date with src-main/platform/config/definitions.ts: run \`npm run docs:config\` and commit the result.`,
      );
    }
  });

  it('has one row per setting, with its default', async () => {
    const text = await render();
    for (const s of SETTINGS) {
      const row = text.split('\n').find((l) => l.startsWith(`| \`${s.env}\` |`));
      expect(row, s.env).toBeDefined();
      if ('default' in s && s.default !== undefined) expect(row, s.env).toContain(`\`${s.default}\``);
    }
  });

  it('.env.example is what npm run docs:config generates, and names every setting', async () => {
    const expected = await renderEnv();
    const committed = readFileSync(join(root, ENV_EXAMPLE as string), 'utf8');
    if (committed !== expected) {
      throw new Error(
        `${ENV_EXAMPLE} is out of date with src-main/platform/config/definitions.ts: run \`npm run docs:config\` and commit the result.`,
      );
    }
    for (const s of SETTINGS) {
      const line = expected.split('\n').find((l) => l === `${s.env}=` || l.startsWith(`# ${s.env}=`));
      expect(line, s.env).toBe(s.default === undefined ? `${s.env}=` : `# ${s.env}=${s.default}`);
    }
  });
});
