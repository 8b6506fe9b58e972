import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { masterBundle } from '../../master/bundle';
import type { Config } from '../../platform/config';
import type { SkillProposal } from '../../../src-shared';
import type { DiscoverResult, HistoryRun } from '../../skills';
import { EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const err = (text: string): void => void process.stderr.write(`jarvis skill discover: ${text}\n`);

/**
 * The history and the skills the household rejected, from the database JARVIS_DATA names
 * (read-only: a running master keeps writing it).
 */
function readHistory(config: Config): { runs: HistoryRun[]; rejected: Set<string> } {
  const { openDatabaseReadonly, readRecordsReadonly, readToolHistoryReadonly } = masterBundle().exports;
  if (config.dataFile === ':memory:' || !existsSync(config.dataFile)) return { runs: [], rejected: new Set() };
  const db = openDatabaseReadonly(config.dataFile);
  try {
    const proposals = (readRecordsReadonly(db).SkillProposal ?? []) as SkillProposal[];
    return {
      runs: readToolHistoryReadonly(db),
      rejected: new Set(proposals.filter((p) => p.status === 'rejected').map((p) => p.skill_id)),
    };
  } finally {
    db.close();
  }
}

function discover(config: Config, minFrequency: number): DiscoverResult {
  const { createSkillEngine, discoverSkills, SkillRegistry, Tracer, userSkillsDir } = masterBundle().exports;
  const engine = createSkillEngine({ config, registry: new SkillRegistry(), tracer: new Tracer({ enabled: false, limit: 1 }) });
  engine.reload();
  const { runs, rejected } = readHistory(config);
  return discoverSkills({ runs, rejected, existing: engine.skills(), userDir: userSkillsDir(config), minFrequency });
}

/** `jarvis skill discover`: recurring tool sequences of the history become proposed pipeline skills. */
export function registerSkillDiscover(skill: Command): void {
  skill
    .command('discover')
    .description('Propose pipeline skills for tool sequences the household repeats (written to the user folder discovered/)')
    .option('--dry-run', 'show the candidates, write nothing')
    .option('--min-frequency <n>', 'how often a sequence must have been seen (default 3)')
    .option('--json', 'print JSON for scripts')
    .action((opts: { dryRun?: boolean; minFrequency?: string; json?: boolean }) => {
      const { DEFAULT_MIN_FREQUENCY, loadConfig, writeDiscoveredSkill } = masterBundle().exports;
      const minFrequency = opts.minFrequency === undefined ? DEFAULT_MIN_FREQUENCY : Number(opts.minFrequency);
      if (!Number.isInteger(minFrequency) || minFrequency < 2) {
        err(`--min-frequency must be a whole number of at least 2, got ${JSON.stringify(opts.minFrequency)}`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const result = discover(loadConfig(process.env), minFrequency);
      const written = new Set<string>();
      if (!opts.dryRun) for (const c of result.candidates) if (writeDiscoveredSkill(c)) written.add(c.name);
      if (opts.json) {
        const candidates = result.candidates.map(({ toml: _toml, ...c }) => ({ ...c, written: written.has(c.name) }));
        out(
          JSON.stringify(
            {
              runs: result.runs,
              more: result.more,
              min_frequency: minFrequency,
              dry_run: opts.dryRun === true,
              candidates,
              known: result.known,
            },
            null,
            2,
          ),
        );
        return;
      }
      if (result.candidates.length === 0) {
        out(
          result.runs === 0
            ? 'no tool calls in the history yet: JARVIS keeps them as the assistant, the app and MCP clients use tools'
            : `no tool sequence was repeated at least ${minFrequency} times in ${result.runs} runs that is not already a skill`,
        );
      } else {
        out(
          formatTable(
            ['name', 'steps', 'seen', 'asks for'],
            result.candidates.map((c) => [c.name, c.tools.join(' > '), `${c.occurrences}x`, c.parameters.join(', ') || '-']),
          ),
        );
        for (const c of result.candidates) for (const note of c.notes) out(`note: ${c.name}: ${note}`);
        if (result.more > 0) out(`${result.more} rarer sequences left out: run it again once these are decided`);
      }
      for (const k of result.known)
        out(k.rejected ? `rejected earlier: ${k.tools.join(' > ')} (${k.skill})` : `already a skill: ${k.tools.join(' > ')} (${k.skill})`);
      if (opts.dryRun) {
        if (result.candidates.length > 0) out('dry run: nothing written');
        return;
      }
      for (const c of result.candidates) out(written.has(c.name) ? `wrote ${c.file}` : `skipped ${c.name}: its folder exists already`);
      if (written.size > 0)
        out(
          'Each one is a proposal: JARVIS offers it only after the household activates it under Skills ' +
            '(a running JARVIS sees it after "reload skills" or its next start).',
        );
    });
}
