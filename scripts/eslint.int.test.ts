import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The renderer's lint rules must fail when a planted violation appears: each case is linted
// as if it were a file of src-renderer/src, with the project's own eslint.config.mjs.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function rulesOf(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, 'src-renderer/src/planted.tsx') });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse');
}

describe('renderer lint rules', () => {
  it('pass for a component that keeps them', async () => {
    const code = `import { useEffect, useState } from 'react';
export function Clock({ zone }: { zone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, [zone]);
  return <span>{now.toLocaleTimeString('de-DE', { timeZone: zone })}</span>;
}
`;
    expect(await rulesOf(code)).toEqual([]);
  });

  it('fail when a hook is called conditionally', async () => {
    const code = `import { useState } from 'react';
export function Badge({ on }: { on: boolean }) {
  if (on) {
    const [n] = useState(0);
    return <b>{n}</b>;
  }
  return null;
}
`;
    expect(await rulesOf(code)).toContain('react-hooks/rules-of-hooks');
  });

  it('fail when an effect leaves out what it reads', async () => {
    const code = `import { useEffect } from 'react';
export function Title({ text }: { text: string }) {
  useEffect(() => {
    document.title = text;
  }, []);
  return null;
}
`;
    expect(await rulesOf(code)).toContain('react-hooks/exhaustive-deps');
  });

  it('fail on an explicit any and an unused variable', async () => {
    const code = `export function f(x: any) {
  const unused = 1;
  return x;
}
`;
    const rules = await rulesOf(code);
    expect(rules).toContain('@typescript-eslint/no-explicit-any');
    expect(rules).toContain('@typescript-eslint/no-unused-vars');
  });
});
