import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every environment's tsconfig extends tsconfig.base.json, which refuses unused locals and
// parameters: a planted file checked with the base options must fail on each, and pass once
// the unused name is gone (or, for a parameter a signature needs, starts with "_").
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function diagnosticsOf(code: string): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-unused-'));
  try {
    const file = join(dir, 'planted.ts');
    writeFileSync(file, code);
    const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(base.config, ts.sys, root);
    const program = ts.createProgram([file], { ...options, types: [], noEmit: true });
    return ts.getPreEmitDiagnostics(program).map((d) => d.code);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Each case builds a TypeScript program with the standard library: seconds each on a busy machine.
describe('unused code', { timeout: 120_000 }, () => {
  it('is refused: a local nobody reads, an import nobody uses, a parameter nobody reads', () => {
    expect(diagnosticsOf('export function f(): number {\n  const unused = 1;\n  return 2;\n}\n')).toContain(6133);
    expect(diagnosticsOf("import { join } from './elsewhere';\nexport const x = 1;\n")).toEqual(expect.arrayContaining([6133]));
    expect(diagnosticsOf('export function f(a: number, b: number): number {\n  return a;\n}\n')).toContain(6133);
  });

  it('passes code that uses what it declares, and a parameter marked as unused by its name', () => {
    expect(diagnosticsOf('export function f(a: number, _b: number): number {\n  const twice = a * 2;\n  return twice;\n}\n')).toEqual([]);
  });
});
