import { existsSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { skillToolName, type SkillInfo, type ToolResult } from '../../../src-shared';
import { masterBundle } from '../../master/bundle';
import type { Config } from '../../platform/config';
import type { SkillEntry } from '../../skills';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';
import { installFromSourceCommand, isSourceSkill, registerSkillSources } from './skill-sources';
import { registerSkillDiscover } from './skill-discover';
import { registerSkillSearch } from './skill-search';
import { registerRemoveOverlay, registerShowOverlay, type OverlayCommandHelpers } from './skill-overlay';

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const err = (text: string): void => void process.stderr.write(`jarvis skill: ${text}\n`);
const json = (value: unknown) => out(JSON.stringify(value, null, 2));
/** The skill engine, installer and master come from the one master bundle. */
const master = () => masterBundle().exports;

/** The engine without a master: list, info, search, install and remove need no database. */
function standaloneEngine(config: Config) {
  const { createSkillEngine, SkillRegistry, Tracer } = master();
  const engine = createSkillEngine(
    { config, registry: new SkillRegistry(), tracer: new Tracer({ enabled: false, limit: 1 }) },
    undefined,
    undefined,
    { registryComplete: false },
  );
  engine.reload();
  return engine;
}

function status(info: SkillInfo): string {
  if (info.errors.length > 0) return 'error';
  if (info.shadowed_by) return 'shadowed';
  if (!info.enabled) return info.warnings.length > 0 ? 'blocked' : 'disabled';
  return 'ok';
}

/** verified / modified for an installed skill; other tiers are trusted by where they are. */
function integrityText(info: SkillInfo): string {
  if (info.integrity) return info.integrity;
  return info.tier === 'user' ? 'no install record' : `not installed (${info.tier ?? info.provider} skill)`;
}

function signatureText(info: SkillInfo): string {
  const s = info.signature;
  if (!s) return 'none';
  if (s.state === 'valid') return `valid (key ${s.key_id})`;
  if (s.state === 'unknown-key') return `unknown key ${s.key_id}`;
  return `invalid: ${s.reason ?? 'does not match'}`;
}

/** Modified since its install, or a signature that fails or no household key vouches for: held back. */
function flagged(info: SkillInfo): boolean {
  return info.integrity === 'modified' || (info.signature !== undefined && info.signature.state !== 'valid');
}

function findEntry(skills: readonly SkillEntry[], name: string): SkillEntry | undefined {
  const { OPENJARVIS_ACTION } = master();
  return (
    skills.find((s) => s.id === name && s.errors.length === 0 && !s.shadowed_by) ??
    skills.find((s) => s.id === name) ??
    skills.find((s) => s.format === 'jarvis.skill.v1' && s.manifest?.actions.some((a) => skillToolName(s.id, a.name) === name)) ??
    skills.find((s) => s.format === 'openjarvis' && skillToolName(s.id, OPENJARVIS_ACTION) === name)
  );
}

/** `-a key=value` values become the type the action's input schema asks for. */
function parseArguments(
  pairs: readonly string[],
  schema: { properties?: Readonly<Record<string, unknown>> } | undefined,
): Record<string, unknown> {
  const { InstallError } = master();
  const args: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new InstallError(`-a expects key=value, got ${JSON.stringify(pair)}`, true);
    const key = pair.slice(0, eq);
    const raw = pair.slice(eq + 1);
    const prop = schema?.properties?.[key] as { type?: unknown } | undefined;
    const type = Array.isArray(prop?.type) ? prop?.type[0] : prop?.type;
    if (type === 'integer' || type === 'number') {
      const n = Number(raw);
      if (raw.trim() === '' || Number.isNaN(n)) throw new InstallError(`${key} must be a number, got ${JSON.stringify(raw)}`, true);
      args[key] = n;
    } else if (type === 'boolean') {
      if (raw !== 'true' && raw !== 'false') throw new InstallError(`${key} must be true or false, got ${JSON.stringify(raw)}`, true);
      args[key] = raw === 'true';
    } else if (type === 'object' || type === 'array') {
      try {
        args[key] = JSON.parse(raw);
      } catch {
        throw new InstallError(`${key} must be JSON, got ${JSON.stringify(raw)}`, true);
      }
    } else args[key] = raw;
  }
  return args;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function registerSkill(program: Command): void {
  const skill = program
    .command('skill')
    .description(
      'Skills: list, info, run, install, remove, search, discover, and sync, sources, update for skill sources (jarvis.skill.v1, SKILL.md, skill.toml)',
    );
  registerSkillDiscover(skill);

  skill
    .command('list')
    .description('Every skill found in the workspace, user and bundled folders')
    .option('--json', 'print JSON for scripts')
    .action((opts: { json?: boolean }) => {
      const engine = standaloneEngine(master().loadConfig(process.env));
      const infos = engine.skills().map((s) => engine.info(s));
      if (opts.json) return json({ skills: infos, errors: engine.listing().errors });
      const rows = infos.map((i) => [
        i.id,
        i.version,
        i.format === 'openjarvis' ? 'openjarvis' : 'process',
        i.tier ?? '',
        i.trust,
        status(i),
        i.actions.map((a) => a.tool).join(', '),
      ]);
      out(formatTable(['id', 'version', 'format', 'tier', 'trust', 'status', 'tools'], rows));
      for (const i of infos) if (i.unavailable && !i.shadowed_by) err(`${i.id} is not offered: ${i.unavailable}`);
      // Messages about a whole folder (no skill found in it) belong to no row.
      const listed = new Set(infos.map((i) => i.source));
      for (const e of engine.listing().errors) if (!listed.has(e.source)) err(`${e.source}: ${e.message}`);
    });

  skill
    .command('info <name>')
    .description('Details of one skill: actions, capabilities, source, trust, SHA-256, errors')
    .option('--json', 'print JSON for scripts')
    .action((name: string, opts: { json?: boolean }) => {
      const { loadConfig, treeSha256 } = master();
      const engine = standaloneEngine(loadConfig(process.env));
      const entry = findEntry(engine.skills(), name);
      if (!entry) {
        err(`no skill named ${name}`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const info = engine.info(entry);
      const verified = info.sha256 ? treeSha256(entry.dir) === info.sha256 : undefined;
      if (opts.json) return json({ ...info, ...(verified === undefined ? {} : { sha256_verified: verified }) });
      const lines: [string, string][] = [
        ['id', info.id],
        ['name', info.name],
        ['version', info.version],
        ['description', info.description ?? ''],
        ['format', info.format],
        ['source', info.source],
        ['tier', info.tier ?? ''],
        ['trust', info.trust],
        ['integrity', integrityText(info)],
        ['signature', signatureText(info)],
        ['status', status(info)],
        ['user invocable', String(info.user_invocable)],
        ['model invocation', info.disable_model_invocation ? 'disabled' : 'enabled'],
        ['capabilities', info.capabilities.join(', ') || '-'],
      ];
      if (info.license) lines.push(['license', info.license]);
      if (info.compatibility) lines.push(['compatibility', info.compatibility]);
      if (info.allowed_tools) lines.push(['allowed tools', info.allowed_tools.join(' ')]);
      if (info.metadata) lines.push(['metadata', JSON.stringify(info.metadata)]);
      if (info.shadowed_by) lines.push(['shadowed by', info.shadowed_by]);
      if (info.overlay)
        lines.push(['overlay', `${info.overlay.policy}, ${info.overlay.created_at}${info.overlay.stale ? ', stale (not used)' : ''}`]);
      if (info.sha256) lines.push(['sha256', `${info.sha256} (${verified ? 'matches the installed tree' : 'MODIFIED since install'})`]);
      out(lines.map(([k, v]) => `${k.padEnd(17)} ${v}`).join('\n'));
      if (info.actions.length > 0) {
        out('');
        out(
          formatTable(
            ['action', 'tool', 'mutates', 'confirm', 'description'],
            info.actions.map((a) => [a.name, a.tool, a.mutates ? 'yes' : 'no', a.requires_confirmation ? 'yes' : 'no', a.description]),
          ),
        );
      }
      for (const e of info.errors) out(`error: ${e}`);
      for (const w of info.warnings) out(`warning: ${w}`);
    });

  skill
    .command('run <name>')
    .description('Run a skill directly: jarvis skill run text-brief -a text="Hallo Welt"')
    .option('-a, --arg <key=value>', 'an input argument (repeatable)', collect, [])
    .option('--action <action>', 'the action of a skill with several')
    .option('--json', 'print the whole result envelope as JSON')
    .action(async (name: string, opts: { arg: string[]; action?: string; json?: boolean }) => {
      const { loadConfig, createMaster, silentLogger, InstallError, OPENJARVIS_ACTION } = master();
      const config = loadConfig(process.env);
      // The real master (without listeners): pipeline steps may call the household tools.
      const running = createMaster(config, { logger: silentLogger });
      try {
        const engine = running.capabilities.skills.service.engine;
        const entry = findEntry(engine.skills(), name);
        if (!entry) {
          err(`no skill named ${name}`);
          process.exitCode = EXIT_USAGE;
          return;
        }
        if (!entry.user_invocable) {
          err(`${entry.id} is not user invocable (user_invocable = false)`);
          process.exitCode = EXIT_USAGE;
          return;
        }
        let action = opts.action;
        let schema: { properties?: Readonly<Record<string, unknown>> } | undefined;
        if (entry.format === 'jarvis.skill.v1') {
          const actions = entry.manifest?.actions ?? [];
          const byTool = actions.find((a) => skillToolName(entry.id, a.name) === name);
          action ??= byTool?.name ?? (actions.length === 1 ? actions[0]?.name : undefined);
          if (!action) {
            err(`${entry.id} has several actions; choose one with --action (${actions.map((a) => a.name).join(', ')})`);
            process.exitCode = EXIT_USAGE;
            return;
          }
          schema = actions.find((a) => a.name === action)?.input_schema as { properties?: Readonly<Record<string, unknown>> } | undefined;
        } else {
          action ??= OPENJARVIS_ACTION;
          schema = entry.input_schema;
        }
        const input = parseArguments(opts.arg, schema);
        const result: ToolResult = await engine.invoke(entry, action, input, {
          traceId: `cli_${Date.now().toString(36)}`,
          now: running.platform.clock(),
          timezone: config.timezone,
          actor: 'cli',
        });
        if (opts.json) json(result);
        else if (result.success) {
          if (result.message) out(result.message);
          const data = result.data as Record<string, unknown> | undefined;
          if (data && typeof data === 'object' && typeof data.instructions === 'string') {
            // The model gets the instructions a page at a time; a person at the terminal gets them whole.
            const { instructions, instructions_total_length: _t, next_offset: _n, files, files_total: _f, ...rest } = data;
            if (Object.keys(rest).length > 0) out(JSON.stringify(rest, null, 2));
            const whole = entry.format === 'openjarvis' ? entry.definition?.instructions : undefined;
            out(`\n${whole ?? String(instructions)}`);
            if (Array.isArray(files)) out(`\nfiles: ${files.join(', ')}`);
          } else if (data !== undefined) out(JSON.stringify(data, null, 2));
        } else err(`${result.error?.code}: ${result.error?.message}`);
        process.exitCode = result.success ? EXIT_OK : EXIT_FAILURE;
      } catch (e) {
        if (e instanceof InstallError) {
          err(e.message);
          process.exitCode = e.usage ? EXIT_USAGE : EXIT_FAILURE;
          return;
        }
        throw e;
      } finally {
        await running.stop();
      }
    });

  skill
    .command('install <source>')
    .description(
      'Install a skill into the user skills folder from a folder, a git URL, hermes:<name>, openclaw:<owner>/<name> or github:<owner>/<repo>/<path>',
    )
    .option('--with-scripts', 'also install the scripts/ folder (skipped by default)')
    .option('--path <subdir>', 'the skill lies in this sub-folder of the source')
    .option('--force', 'replace an installed skill with the same id')
    .option('--url <git url>', 'for hermes:, openclaw: and github: skills: clone the source from here')
    .option('--json', 'print JSON for scripts')
    .action((source: string, opts: { withScripts?: boolean; path?: string; force?: boolean; json?: boolean; url?: string }) => {
      if (isSourceSkill(source)) {
        if (opts.path) {
          err('--path belongs to folder and git URL installs; name the skill in the source (github:<owner>/<repo>/<path>)');
          process.exitCode = EXIT_USAGE;
          return;
        }
        return installFromSourceCommand(source, opts);
      }
      const { loadConfig, installSkill, userSkillsDir, InstallError } = master();
      const config = loadConfig(process.env);
      try {
        const result = installSkill({
          source,
          ...(opts.path ? { path: opts.path } : {}),
          withScripts: opts.withScripts === true,
          force: opts.force === true,
          userDir: userSkillsDir(config),
        });
        // Installing a name the workspace already uses works; say at once which one is offered.
        const engine = standaloneEngine(config);
        const installed = engine.skills().find((s) => s.dir === result.dir);
        const shadowed = installed?.shadowed_by
          ? `${result.id} is shadowed by the skill at ${installed.shadowed_by} (workspace > user > bundled) and is not offered while that one exists`
          : undefined;
        // A signature comes with the files: say at once whether it makes the skill indexed or holds it back.
        const info = installed ? engine.info(installed) : undefined;
        const held = info && flagged(info) ? `${result.id} is held back: signature ${signatureText(info)}` : undefined;
        // The sandbox advice is for unreviewed code: an index the household trusts has reviewed it.
        const advice = info?.trust === 'indexed' ? [] : result.warnings;
        const warnings = [...advice, ...(shadowed ? [shadowed] : []), ...(held ? [held] : [])];
        if (opts.json)
          return json({ ...result, warnings, ...(info ? { trust: info.trust, signature: info.signature ?? { state: 'none' } } : {}) });
        out(`installed ${result.id} to ${result.dir}`);
        if (shadowed) out(`warning: ${shadowed}`);
        if (held) out(`warning: ${held}`);
        if (info) out(`trust ${info.trust}${info.signature?.state === 'valid' ? ` (signed with the key ${info.signature.key_id})` : ''}`);
        out(`sha256 ${result.sha256}`);
        for (const s of result.skipped) out(`skipped ${s}`);
        for (const w of advice) out(`warning: ${w}`);
      } catch (e) {
        if (!(e instanceof InstallError)) throw e;
        err(e.message);
        process.exitCode = e.usage ? EXIT_USAGE : EXIT_FAILURE;
      }
    });

  registerSkillSources(skill);

  skill
    .command('remove <name>')
    .description('Remove a skill installed with `jarvis skill install`')
    .option('--json', 'print JSON for scripts')
    .action((name: string, opts: { json?: boolean }) => {
      const { loadConfig, removeSkill, userSkillsDir, InstallError } = master();
      const config = loadConfig(process.env);
      const engine = standaloneEngine(config);
      const entry = engine.skills().find((s) => s.id === name && s.tier === 'user') ?? findEntry(engine.skills(), name);
      if (!entry) {
        err(`no skill named ${name}`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      try {
        removeSkill(userSkillsDir(config), entry.dir);
      } catch (e) {
        if (!(e instanceof InstallError)) throw e;
        err(e.message);
        process.exitCode = EXIT_FAILURE;
        return;
      }
      if (opts.json) json({ removed: entry.id, dir: entry.dir });
      else out(`removed ${entry.id} (${entry.dir})`);
    });

  skill
    .command('verify [name]')
    .description('Check installed skills against their install record and signature; exit 1 when one is modified or badly signed')
    .option('--json', 'print JSON for scripts')
    .action((name: string | undefined, opts: { json?: boolean }) => {
      const { loadConfig, trustedKeysFile } = master();
      const config = loadConfig(process.env);
      const engine = standaloneEngine(config);
      const entries = name ? [findEntry(engine.skills(), name)] : engine.skills();
      if (entries[0] === undefined && name) {
        err(`no skill named ${name}`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const infos = (entries as SkillEntry[]).map((s) => engine.info(s));
      const bad = infos.filter(flagged);
      const keyFile = trustedKeysFile(config);
      const keyErrors = engine
        .listing()
        .errors.filter((e) => e.source === keyFile)
        .map((e) => e.message);
      process.exitCode = bad.length > 0 ? EXIT_FAILURE : EXIT_OK;
      if (opts.json) {
        return json({
          ok: bad.length === 0,
          trusted_keys_file: keyFile,
          ...(keyErrors.length > 0 ? { trusted_keys_errors: keyErrors } : {}),
          skills: infos.map((i) => ({
            id: i.id,
            source: i.source,
            tier: i.tier,
            trust: i.trust,
            integrity: i.integrity ?? 'not installed',
            signature: i.signature ?? { state: 'none' },
            ...(flagged(i) ? { held_back: i.warnings } : {}),
          })),
        });
      }
      out(
        formatTable(
          ['id', 'tier', 'trust', 'integrity', 'signature'],
          infos.map((i) => [i.id, i.tier ?? '', i.trust, integrityText(i), signatureText(i)]),
        ),
      );
      for (const i of bad) for (const w of i.warnings) out(`${i.id}: ${w}`);
      for (const e of keyErrors) err(e);
    });

  skill
    .command('sign <folder>')
    .description('Sign a skill folder for an index: writes .jarvis-signature.json (Ed25519 over its tree SHA-256)')
    .requiredOption('--key <file>', 'the private key file from `jarvis skill keygen`')
    .option('--json', 'print JSON for scripts')
    .action((folder: string, opts: { key: string; json?: boolean }) => {
      const { signSkillFolder, InstallError } = master();
      try {
        const result = signSkillFolder(folder, opts.key);
        if (opts.json) return json(result);
        out(`signed ${result.id} with the key ${result.signature.key_id}: ${result.file}`);
        for (const t of result.signature.trees) out(`sha256 ${t.sha256}`);
      } catch (e) {
        if (!(e instanceof InstallError)) throw e;
        err(e.message);
        process.exitCode = e.usage ? EXIT_USAGE : EXIT_FAILURE;
      }
    });

  skill
    .command('keygen <name>')
    .description('Make a signing key: writes the private key file (mode 0600) and prints the line for the household key list')
    .option('--out <file>', 'where to write the private key (default: <name>.skill-key)')
    .action((name: string, opts: { out?: string }) => {
      const { loadConfig, generateSigningKey, trustedKeysFile } = master();
      let key;
      try {
        key = generateSigningKey(name);
      } catch (e) {
        err((e as Error).message);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const file = opts.out ?? `${name}.skill-key`;
      if (existsSync(file)) {
        err(`${file} exists; a key is never overwritten (choose another --out)`);
        process.exitCode = EXIT_FAILURE;
        return;
      }
      writeFileSync(file, key.privateKeyFile, { mode: 0o600, flag: 'wx' });
      // stdout is the public line alone, so `>> trusted-skill-keys.txt` works.
      out(key.publicLine);
      process.stderr.write(
        `private key written to ${file} (keep it secret; sign with: jarvis skill sign <folder> --key ${file})\n` +
          `households that trust this key add the line above to ${trustedKeysFile(loadConfig(process.env))}\n`,
      );
    });

  registerSkillSearch(skill, { engine: standaloneEngine });

  const overlayHelpers: OverlayCommandHelpers = {
    engine: () => standaloneEngine(master().loadConfig(process.env)),
    find: findEntry,
    removeOverlay: (id) => {
      const { loadConfig, removeOverlay, skillOverlayDir } = master();
      return removeOverlay(skillOverlayDir(loadConfig(process.env)), id);
    },
  };
  registerShowOverlay(skill, overlayHelpers);
  registerRemoveOverlay(skill, overlayHelpers);
}
