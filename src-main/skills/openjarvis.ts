// OpenJarvis skills: SKILL.md (agentskills.io front matter + markdown
// instructions) and skill.toml (a pipeline of tool and sub-skill steps), or both.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseUntrustedToml, UntrustedDataError } from '../platform/validation/untrusted-data';
import { isRiskClass, RISK_CLASSES, SKILL_CAPABILITIES, UNDECLARED_RISK, type RiskClass } from '../../src-shared';
import { readFrontMatter, splitFrontMatter, writtenScalar } from './front-matter';
import { INSTRUCTIONS_FILE, instructionsFileIn, PIPELINE_FILE } from './process';

export { frontMatterOf } from './front-matter';

const MAX_FILE_BYTES = 256 * 1024;
const MAX_STEPS = 32;
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
// `{query}`, or `{search_results.items}` to reach into an earlier step's output.
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}/g;

export interface PipelineStep {
  readonly tool_name?: string;
  readonly skill_name?: string;
  /** The parsed arguments_template: JSON whose strings may hold `{placeholders}`. */
  readonly arguments: unknown;
  readonly output_key?: string;
}

export interface OpenJarvisDefinition {
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly author?: string;
  readonly license?: string;
  /** agentskills.io `compatibility`: what the skill expects of its environment. */
  readonly compatibility?: string;
  /** agentskills.io `allowed-tools`: the tools the skill's instructions expect to use. */
  readonly allowed_tools?: readonly string[];
  /** The front matter's (or `[skill]`'s) `metadata`, as JSON. */
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly tags: readonly string[];
  readonly instructions?: string;
  readonly steps: readonly PipelineStep[];
  readonly depends: readonly string[];
  readonly capabilities: readonly string[];
  readonly user_invocable: boolean;
  readonly disable_model_invocation: boolean;
  /** Placeholders no earlier step produces: the skill's input parameters. */
  readonly parameters: readonly string[];
  /** Declared in SKILL.md front matter or skill.toml (`risk`); see readOpenJarvisSkill for the default. */
  readonly risk: RiskClass;
}

/** `warnings`: what was accepted as OpenJarvis accepts it, and how it was read. */
export type OpenJarvisVerdict =
  | { readonly ok: true; readonly skill: OpenJarvisDefinition; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly name: string; readonly errors: readonly string[] };

function readText(file: string): string {
  const size = statSync(file).size;
  if (size > MAX_FILE_BYTES) throw new Error(`${basename(file)} is ${size} bytes, more than ${MAX_FILE_BYTES}`);
  return readFileSync(file, 'utf8');
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const stringList = (v: unknown): string[] | undefined => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : undefined);

/** Every `{placeholder}` in the strings of a parsed template, in order of appearance. */
export function placeholdersOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    for (const m of value.matchAll(PLACEHOLDER)) {
      const root = m[1]?.split('.')[0];
      if (root && !out.includes(root)) out.push(root);
    }
  } else if (Array.isArray(value)) for (const v of value) placeholdersOf(v, out);
  else if (isRecord(value)) for (const v of Object.values(value)) placeholdersOf(v, out);
  return out;
}

/**
 * Fills a parsed template. A string that is exactly `{key}` becomes the value itself (any
 * JSON type); placeholders inside longer strings are replaced by text. Values are never
 * spliced into JSON source, so they cannot change the template's structure.
 */
function lookUp(path: string, vars: Readonly<Record<string, unknown>>): { found: boolean; value?: unknown } {
  let current: unknown = vars;
  for (const part of path.split('.')) {
    if (!isRecord(current) && !Array.isArray(current)) return { found: false };
    if (!Object.prototype.hasOwnProperty.call(current, part)) return { found: false };
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

export function fillTemplate(value: unknown, vars: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === 'string') {
    const whole = /^\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\}$/.exec(value);
    if (whole?.[1]) {
      const hit = lookUp(whole[1], vars);
      if (hit.found) return hit.value;
    }
    return value.replace(PLACEHOLDER, (m, key: string) => {
      const hit = lookUp(key, vars);
      if (!hit.found) return m;
      return typeof hit.value === 'string' ? hit.value : JSON.stringify(hit.value);
    });
  }
  if (Array.isArray(value)) return value.map((v) => fillTemplate(v, vars));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillTemplate(v, vars)]));
  return value;
}

/** JSON-safe copy of a YAML or TOML value (dates become strings); undefined for anything but an object. */
function jsonRecord(value: unknown): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  try {
    const copy: unknown = JSON.parse(JSON.stringify(value));
    return isRecord(copy) ? copy : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `allowed-tools` is a space-separated string in agentskills.io (commas in Claude Code) and a
 * list in some collections; `Bash(git add *)` keeps the spaces inside its parentheses.
 */
function toolList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.match(/[^\s,()]+(?:\([^)]*\))?/g) ?? [];
  return stringList(value);
}

/**
 * Reads SKILL.md and/or skill.toml of one folder (both describe one skill), or one flat
 * `<name>.toml` file (`flatFile`). Optional fields are as optional as OpenJarvis makes them:
 * without a name the folder's (file's) name, without a description the name, a front matter
 * that is not YAML leaves the markdown as instructions; each such reading is a warning.
 */
export function readOpenJarvisSkill(path: string, options: { flatFile?: boolean } = {}): OpenJarvisVerdict {
  const errors: string[] = [];
  const warnings: string[] = [];
  const mdName = options.flatFile ? undefined : instructionsFileIn(path);
  const mdFile = mdName ? join(path, mdName) : undefined;
  const tomlFile = options.flatFile ? path : join(path, PIPELINE_FILE);
  const tomlLabel = basename(tomlFile);
  let front: Record<string, unknown> = {};
  let frontYaml = '';
  let instructions: string | undefined;
  let table: Record<string, unknown> = {};

  if (mdName && mdName !== INSTRUCTIONS_FILE) warnings.push(`${mdName} was read as ${INSTRUCTIONS_FILE}`);
  if (mdFile) {
    let text: string | undefined;
    try {
      text = readText(mdFile);
    } catch (err) {
      errors.push(`${mdName}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
    if (text !== undefined) {
      const split = splitFrontMatter(text);
      const reading = readFrontMatter(split.yaml, split.lineOffset);
      instructions = split.body.trim() || undefined;
      if (reading.kind === 'ok') {
        front = reading.data;
        frontYaml = reading.raw;
      } else if (reading.kind === 'hostile') errors.push(`${mdName} front matter refused: ${reading.reason}`);
      else if (reading.kind === 'broken') {
        front = reading.plain;
        const kept = ['name', 'description'].filter((k) => k in reading.plain);
        warnings.push(
          `${mdName} front matter is ${reading.reason}` +
            (kept.length > 0 ? `; ${kept.join(' and ')} read line by line` : '') +
            '; the markdown after it is read as the instructions',
        );
      }
    }
  }
  if (existsSync(tomlFile)) {
    try {
      const doc = parseUntrustedToml(readText(tomlFile));
      if (!isRecord(doc.skill)) errors.push(`${tomlLabel}: the [skill] table is missing`);
      else table = doc.skill;
    } catch (err) {
      errors.push(`${tomlLabel}: ${err instanceof UntrustedDataError || err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }

  const meta = isRecord(front.metadata) && isRecord(front.metadata.openjarvis) ? front.metadata.openjarvis : {};
  const pick = (key: string): unknown => table[key] ?? front[key] ?? meta[key];
  const fallbackName = options.flatFile ? basename(path, extname(path)) : basename(path);
  const declaredName = pick('name');
  const name = declaredName ?? fallbackName;
  if (declaredName === undefined) warnings.push(`no name: named "${fallbackName}" after its ${options.flatFile ? 'file' : 'folder'}`);
  if (typeof name !== 'string' || !NAME.test(name))
    errors.push(`name must be lower-case letters, digits, ".", "_" or "-" (1-64), got ${JSON.stringify(name)}`);
  let description = pick('description');
  if (description === undefined || (typeof description === 'string' && description.trim() === '')) {
    warnings.push('no description: the model sees only its name');
    description = typeof name === 'string' ? name : fallbackName;
  }
  if (typeof description !== 'string' || description.length > 2000) errors.push('description must be text of at most 2000 characters');
  // `version: 2.0` is a number to YAML; OpenJarvis takes it as the text its author wrote.
  let version = pick('version') ?? '0.0.0';
  if (typeof version === 'number' && Number.isFinite(version))
    version = (table.version === undefined ? writtenScalar(frontYaml, 'version') : undefined) ?? String(version);
  if (typeof version !== 'string') errors.push('version must be text or a number');

  // Optional lists and flags of the wrong shape are left out, as OpenJarvis leaves them.
  const optionalList = (key: string, value: unknown): string[] => {
    const list = stringList(value ?? []);
    if (!list) warnings.push(`${key} is not a list of strings and was ignored`);
    return list ?? [];
  };
  const tags = optionalList('tags', pick('tags'));
  const depends = stringList(table.depends ?? []);
  if (!depends) errors.push('depends must be a list of skill names');
  const capabilities = optionalList('required_capabilities', pick('required_capabilities')).filter((c) => {
    const known = (SKILL_CAPABILITIES as readonly string[]).includes(c);
    // An unknown capability grants nothing: every step is checked against the known ones.
    if (!known) warnings.push(`unknown capability "${c}" ignored (known: ${SKILL_CAPABILITIES.join(', ')})`);
    return known;
  });
  const flag = (key: string, fallback: boolean): boolean => {
    const v = pick(key);
    if (v === undefined) return fallback;
    if (typeof v !== 'boolean') {
      warnings.push(`${key} must be true or false; ${String(fallback)} is used`);
      return fallback;
    }
    return v;
  };
  let declaredRisk = pick('risk');
  if (declaredRisk !== undefined && !isRiskClass(declaredRisk)) {
    warnings.push(`risk must be one of ${RISK_CLASSES.join(', ')}; the default is used`);
    declaredRisk = undefined;
  }
  const license = pick('license');
  const compatibility = pick('compatibility');
  const allowedTools = toolList(pick('allowed-tools') ?? pick('allowed_tools'));
  const metadata = jsonRecord(table.metadata ?? front.metadata);
  const user_invocable = flag('user_invocable', true);
  const disable_model_invocation = flag('disable_model_invocation', false);

  const steps: PipelineStep[] = [];
  const produced = new Set<string>();
  const parameters: string[] = [];
  const rawSteps = table.steps ?? [];
  if (!Array.isArray(rawSteps)) errors.push('skill.steps must be an array of tables');
  else if (rawSteps.length > MAX_STEPS) errors.push(`a pipeline has at most ${MAX_STEPS} steps`);
  else {
    rawSteps.forEach((raw: unknown, i) => {
      const where = `step ${i + 1}`;
      if (!isRecord(raw)) return void errors.push(`${where} must be a table`);
      const unknown = Object.keys(raw).filter((k) => !['tool_name', 'skill_name', 'arguments_template', 'output_key'].includes(k));
      if (unknown.length > 0) errors.push(`${where} has unknown keys: ${unknown.join(', ')}`);
      const { tool_name, skill_name, arguments_template, output_key } = raw;
      if ((tool_name === undefined) === (skill_name === undefined))
        return void errors.push(`${where} needs exactly one of tool_name or skill_name`);
      if (tool_name !== undefined && (typeof tool_name !== 'string' || !/^[A-Za-z0-9_]{1,128}$/.test(tool_name)))
        return void errors.push(`${where}: tool_name is not a tool name`);
      if (skill_name !== undefined && (typeof skill_name !== 'string' || !NAME.test(skill_name)))
        return void errors.push(`${where}: skill_name is not a skill name`);
      if (output_key !== undefined && (typeof output_key !== 'string' || !KEY.test(output_key)))
        return void errors.push(`${where}: output_key must be an identifier`);
      let args: unknown = {};
      if (arguments_template !== undefined) {
        if (typeof arguments_template !== 'string') return void errors.push(`${where}: arguments_template must be a string holding JSON`);
        try {
          args = JSON.parse(arguments_template);
        } catch {
          return void errors.push(`${where}: arguments_template is not JSON (placeholders go inside strings: '{"q": "{query}"}')`);
        }
        if (!isRecord(args)) return void errors.push(`${where}: arguments_template must be a JSON object`);
      }
      for (const p of placeholdersOf(args)) if (!produced.has(p) && !parameters.includes(p)) parameters.push(p);
      if (typeof output_key === 'string') produced.add(output_key);
      steps.push({
        ...(typeof tool_name === 'string' ? { tool_name } : {}),
        ...(typeof skill_name === 'string' ? { skill_name } : {}),
        arguments: args,
        ...(typeof output_key === 'string' ? { output_key } : {}),
      });
    });
  }
  if (steps.length === 0 && !instructions && errors.length === 0)
    warnings.push('the skill has neither pipeline steps nor instructions: calling it only says so');

  if (errors.length > 0) return { ok: false, name: typeof name === 'string' ? name : fallbackName, errors };
  const skillDepends = [...new Set([...(depends ?? []), ...steps.flatMap((s) => (s.skill_name ? [s.skill_name] : []))])];
  return {
    ok: true,
    skill: {
      name: name as string,
      description: (description as string).trim(),
      version: version as string,
      ...(typeof pick('author') === 'string' ? { author: pick('author') as string } : {}),
      ...(typeof license === 'string' ? { license } : {}),
      ...(typeof compatibility === 'string' ? { compatibility } : {}),
      ...(allowedTools && allowedTools.length > 0 ? { allowed_tools: allowedTools } : {}),
      ...(metadata ? { metadata } : {}),
      tags,
      ...(instructions ? { instructions } : {}),
      steps,
      depends: skillDepends,
      capabilities,
      user_invocable,
      disable_model_invocation,
      parameters,
      // Instructions alone only hand text to the model; a pipeline calls tools and counts as
      // `disruptive` unless it declares less.
      risk: isRiskClass(declaredRisk) ? declaredRisk : steps.length === 0 ? 'read' : UNDECLARED_RISK,
    },
    warnings,
  };
}
