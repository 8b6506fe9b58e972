import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every capability is built the same way, so a maintainer who has read one folder can read
// them all: `createX(platform, deps)` in capability.ts, its service in service.ts.
const SRC_MAIN = join(import.meta.dirname, '..', 'src-main');
const NOT_CAPABILITIES = new Set(['app', 'cli', 'serve', 'master', 'platform', 'testing']);

interface Factory {
  readonly name: string;
  readonly parameters: readonly { readonly name: string; readonly type: string }[];
}

/** The exported functions of a capability.ts that return a capability (`…Capability` or `Capability`). */
function capabilityFactories(source: string): Factory[] {
  const file = ts.createSourceFile('capability.ts', source, ts.ScriptTarget.Latest, true);
  const factories: Factory[] = [];
  for (const statement of file.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const returns = statement.type?.getText(file) ?? '';
    if (!exported || !/(^|\b)\w*Capability$/.test(returns)) continue;
    factories.push({
      name: statement.name.text,
      parameters: statement.parameters.map((p) => ({ name: p.name.getText(file), type: p.type?.getText(file) ?? '' })),
    });
  }
  return factories;
}

/** What is wrong with a capability folder's shape, in words; empty when it is right. */
function shapeProblems(folder: string, capabilitySource: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const factories = capabilityFactories(capabilitySource);
  if (factories.length !== 1) problems.push(`${folder}/capability.ts exports ${factories.length} capability factories, not one`);
  for (const f of factories) {
    if (!/^create[A-Z]/.test(f.name)) problems.push(`${folder}: ${f.name} is not named createX`);
    const [platform, ...rest] = f.parameters;
    if (!platform || platform.type !== 'Platform') problems.push(`${folder}: ${f.name} does not take the Platform first`);
    if (rest.length > 1) problems.push(`${folder}: ${f.name} takes ${rest.length} arguments after the Platform, not one deps object`);
  }
  for (const name of files) {
    if (/.-service\.ts$|Service\.ts$/.test(name)) problems.push(`${folder}/${name}: a capability's service is service.ts`);
  }
  return problems;
}

const capabilityFolders = readdirSync(SRC_MAIN, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !NOT_CAPABILITIES.has(d.name))
  .map((d) => d.name);

describe('capability shape', () => {
  it('finds the capability folders', () => {
    expect(capabilityFolders).toEqual(expect.arrayContaining(['household', 'protocol', 'skills', 'assistant', 'caldav']));
  });

  it.each(capabilityFolders)('%s has capability.ts, index.ts, one createX(platform, deps) and its service in service.ts', (folder) => {
    const dir = join(SRC_MAIN, folder);
    expect(existsSync(join(dir, 'capability.ts')), `${folder}/capability.ts`).toBe(true);
    expect(existsSync(join(dir, 'index.ts')), `${folder}/index.ts`).toBe(true);
    const files = readdirSync(dir).filter((n) => !n.endsWith('.test.ts'));
    expect(shapeProblems(folder, readFileSync(join(dir, 'capability.ts'), 'utf8'), files)).toEqual([]);
  });

  it('says what is wrong with a factory of the old shapes', () => {
    const old = `
      export function createMesh(ctx: Platform, protocol: ProtocolCapability, skills?: Skills): MeshCapability { return x; }
      export function tlsDir(dataFile: string): string { return ''; }`;
    expect(shapeProblems('mesh', old, ['capability.ts', 'mesh-service.ts'])).toEqual([
      'mesh: createMesh takes 2 arguments after the Platform, not one deps object',
      "mesh/mesh-service.ts: a capability's service is service.ts",
    ]);
    expect(shapeProblems('x', 'export function buildX(p: Config): XCapability { return y; }', [])).toEqual([
      'x: buildX is not named createX',
      'x: buildX does not take the Platform first',
    ]);
    expect(shapeProblems('y', 'export const y = 1;', [])).toEqual(['y/capability.ts exports 0 capability factories, not one']);
  });

  it('accepts the shape every capability has', () => {
    const good = 'export function createMesh(ctx: Platform, { protocol }: MeshDeps): MeshCapability { return m; }';
    expect(shapeProblems('mesh', good, ['capability.ts', 'service.ts', 'routes.ts'])).toEqual([]);
  });
});
