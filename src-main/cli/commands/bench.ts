import type { Command } from 'commander';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';
import { defaultCorpus, installedModels } from './eval';

interface BenchSkillsFlags {
  maxSamples?: string;
  seeds?: string;
  condition?: string[];
  model?: string;
  ollama?: string;
  out?: string;
  json?: boolean;
  corpus?: string;
  overlays?: string;
}

class UsageError extends Error {}

function positiveInteger(flag: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new UsageError(`${flag} needs a whole number of at least 1, not "${value}"`);
  return Number(value);
}

/** "42,43,44" -> [42, 43, 44]; seeds are whole numbers, as Ollama takes them. */
function parseSeeds(value: string): number[] {
  const seeds = value.split(',').map((s) => s.trim());
  if (seeds.some((s) => !/^\d+$/.test(s)))
    throw new UsageError(`--seeds takes whole numbers separated by commas (e.g. 42,43,44), not "${value}"`);
  return [...new Set(seeds.map(Number))];
}

function fail(message: string, code: number): void {
  process.stderr.write(`jarvis bench skills: ${message}\n`);
  process.exitCode = code;
}

export function registerBench(program: Command): void {
  const bench = program.command('bench').description('Benchmarks of the assistant on the evaluation harness');
  bench
    .command('skills')
    .description('Run the skill benchmark (eval/skills): skills off, on and with their overlays, over several seeds; writes a results file')
    .option('--max-samples <n>', 'only the first n tasks')
    .option('--seeds <list>', 'seeds sent to Ollama, comma separated (default 42,43,44)')
    .option('--condition <name...>', 'only these conditions (no_skills, skills_on, skills_optimized, skills_optimized_<policy>)')
    .option('--model <name>', 'the Ollama model (default: OLLAMA_MODEL)')
    .option('--ollama <url>', 'Ollama base URL (default: OLLAMA_URL)')
    .option('--out <file>', 'the results file (default bench-results/skills-eval-<date>.md)')
    .option('--json', 'print the full report as JSON')
    .option('--corpus <dir>', 'the benchmark folder (with cases/*.json and skills/)')
    .option('--overlays <dir>', 'where the overlays of skills_optimized are read from (default: JARVIS_SKILL_OVERLAY_DIR)')
    .action(async (flags: BenchSkillsFlags) => {
      const m = masterBundle().exports;
      const config = m.loadConfig(process.env);
      let conditions;
      let seeds: number[];
      let maxSamples: number | undefined;
      try {
        const names = (flags.condition ?? [...m.SKILL_BENCH_CONDITIONS]).flatMap((c) => c.split(',')).filter(Boolean);
        conditions = [...new Set(names)].map((name) => m.parseSkillBenchCondition(name));
        seeds = flags.seeds === undefined ? [...m.DEFAULT_SKILL_BENCH_SEEDS] : parseSeeds(flags.seeds);
        maxSamples = flags.maxSamples === undefined ? undefined : positiveInteger('--max-samples', flags.maxSamples);
      } catch (err) {
        if (err instanceof UsageError || err instanceof m.SkillBenchUsageError) return fail(err.message, EXIT_USAGE);
        throw err;
      }
      const model = flags.model ?? (config.ollamaModel === 'auto' ? undefined : config.ollamaModel);
      if (!model) return fail('name the model with --model (OLLAMA_MODEL is auto)', EXIT_USAGE);
      const found = defaultCorpus();
      const corpusDir = flags.corpus ? resolve(flags.corpus) : found && join(found, 'skills');
      if (!corpusDir || !existsSync(join(corpusDir, 'cases')))
        return fail('no benchmark found (eval/skills/cases); name one with --corpus', EXIT_USAGE);
      let corpus;
      try {
        corpus = m.loadSkillBench(corpusDir);
      } catch (err) {
        return fail(err instanceof Error ? err.message : String(err), EXIT_USAGE);
      }
      if (maxSamples !== undefined) corpus = { ...corpus, cases: corpus.cases.slice(0, maxSamples) };

      const url = flags.ollama ?? config.ollamaUrl;
      const installed = await installedModels(url);
      if (typeof installed === 'string') return fail(installed, EXIT_FAILURE);
      if (!installed.some((n) => n === model || n === `${model}:latest`))
        return fail(`the model ${model} is not installed in Ollama at ${url} (ollama pull ${model})`, EXIT_FAILURE);

      const started = new Date();
      const { runs, overlays } = await m.runSkillBench(corpus, {
        ollamaUrl: url,
        model,
        seeds,
        conditions,
        overlayDir: flags.overlays ? resolve(flags.overlays) : m.skillOverlayDir(config),
        progress: (condition, seed) => {
          if (!flags.json) process.stderr.write(`${condition}, seed ${seed}: ${corpus.cases.length} tasks with ${model}\n`);
        },
      });
      const report = m.buildSkillBenchReport({
        model,
        ollama: url,
        startedAt: started,
        corpus: corpusDir,
        cases: corpus.cases,
        skillIds: corpus.skillIds,
        seeds,
        runs,
        overlays,
      });
      const out = resolve(flags.out ?? join('bench-results', `skills-eval-${started.toISOString().slice(0, 10)}.md`));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, m.skillBenchMarkdown(report));

      if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      else {
        const { header, rows } = m.skillBenchSummaryRows(report);
        process.stdout.write(`${model}, seeds ${seeds.join(', ')}\n${formatTable(header, rows)}\n`);
        for (const d of report.differences)
          process.stdout.write(`${d.condition} vs ${d.against}: ${d.wins.length} tasks won, ${d.losses.length} lost\n`);
        process.stdout.write(`results: ${out}\n`);
      }
      const unusable = runs.length > 0 && runs.every((r) => r.results.length > 0 && r.results.every((c) => c.error));
      if (unusable) fail(`every task failed to run: ${runs[0]!.results[0]!.error}`, EXIT_FAILURE);
      else process.exitCode = EXIT_OK;
    });
}
