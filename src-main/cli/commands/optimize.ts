import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const err = (text: string): void => void process.stderr.write(`jarvis optimize: ${text}\n`);
const master = () => masterBundle().exports;

interface SkillsOptions {
  dryRun?: boolean;
  policy: string;
  minTraces: string;
  skill?: string;
  ollama?: string;
  model?: string;
  candidates: string;
  json?: boolean;
}

function positiveInt(text: string, name: string, min: number, max: number): number | undefined {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max
    ? n
    : (err(`${name} must be a whole number from ${min} to ${max}, got ${text}`), undefined);
}

/** `jarvis optimize skills`: overlays (better descriptions, examples) from the household's successful uses. */
export function registerOptimize(program: Command): void {
  const optimize = program.command('optimize').description('Learn from the history: overlays for skills (jarvis optimize skills)');
  optimize
    .command('skills')
    .description('Write overlays for skills from their successful uses: examples (few-shot) or a better description (describe)')
    .option('--dry-run', 'list what would be optimised and why, write nothing, ask no model')
    .option('--policy <policy>', 'few-shot (alias dspy) or describe (alias gepa)', 'few-shot')
    .option('--min-traces <n>', 'skip skills with fewer successful uses', '3')
    .option('--skill <name>', 'only this skill')
    .option('--ollama <url>', 'the Ollama server for the describe policy (default OLLAMA_URL)')
    .option('--model <model>', 'the model for the describe policy (default OLLAMA_MODEL, else the first installed)')
    .option('--candidates <n>', 'descriptions the describe policy tries', '3')
    .option('--json', 'print JSON for scripts')
    .action(async (opts: SkillsOptions) => {
      const bundle = master();
      const policy = bundle.POLICY_ALIASES[opts.policy];
      if (!policy) {
        err(`unknown policy ${opts.policy} (few-shot, dspy, describe, gepa)`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const minTraces = positiveInt(opts.minTraces, '--min-traces', 1, 100_000);
      const candidates = positiveInt(opts.candidates, '--candidates', 1, 10);
      if (minTraces === undefined || candidates === undefined) {
        process.exitCode = EXIT_USAGE;
        return;
      }
      const config = bundle.loadConfig(process.env);
      const engine = bundle.createSkillEngine({
        config,
        registry: new bundle.SkillRegistry(),
        tracer: new bundle.Tracer({ enabled: false, limit: 1 }),
      });
      engine.reload();
      const { skills, missing } = bundle.optimizableSkills(engine, opts.skill);
      if (missing) {
        err(`no skill named ${missing} is offered to the model (jarvis skill list)`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      let records: Record<string, unknown[]> | undefined;
      if (existsSync(config.dataFile)) {
        const db = bundle.openDatabaseReadonly(config.dataFile);
        try {
          records = bundle.readRecordsReadonly(db);
        } finally {
          db.close();
        }
      }
      const history = bundle.readSkillHistory({ traceDir: config.debugDir, ...(records ? { records } : {}) });
      let ask;
      if (policy === 'describe' && !opts.dryRun) {
        const url = opts.ollama ?? config.ollamaUrl;
        try {
          const model = await bundle.resolveOptimizerModel(url, opts.model ?? config.ollamaModel);
          ask = bundle.ollamaAsk(url, model);
          if (!opts.json) out(`describe: asking ${model} at ${url}`);
        } catch (e) {
          err(`cannot reach a model: ${e instanceof Error ? e.message : String(e)}`);
          process.exitCode = EXIT_FAILURE;
          return;
        }
      }
      const overlayDir = bundle.skillOverlayDir(config);
      let rows;
      try {
        rows = await bundle.optimizeSkills(skills, history, {
          policy,
          minTraces,
          dryRun: opts.dryRun === true,
          overlayDir,
          now: new Date(),
          candidates,
          ...(ask ? { ask } : {}),
          // The describe policy asks the model once per case and description: say what it is doing.
          ...(ask && !opts.json ? { progress: (line: string) => out(`${line}: proposing and scoring descriptions …`) } : {}),
        });
      } catch (e) {
        err(e instanceof Error ? e.message : String(e));
        process.exitCode = EXIT_FAILURE;
        return;
      }
      if (opts.json) {
        out(
          JSON.stringify(
            { policy, dry_run: opts.dryRun === true, overlay_dir: overlayDir, requests: history.length, skills: rows },
            null,
            2,
          ),
        );
        return;
      }
      out(
        `${history.length} recorded requests; policy ${policy}${opts.dryRun ? ' (dry run: nothing written)' : ''}; overlays in ${overlayDir}`,
      );
      if (rows.length === 0) return out('no skill is offered to the model');
      out(
        formatTable(
          ['skill', 'uses', 'result', 'why'],
          rows.map((r) => [r.skill, String(r.uses), r.result, r.reason]),
        ),
      );
    });
}
