import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';

interface EvalFlags {
  model: string;
  json?: boolean;
  compare?: string;
  ollama?: string;
  corpus?: string;
  category?: string[];
  localIntents?: boolean;
}

/** The corpus beside the working directory, else the one shipped with this checkout. */
export function defaultCorpus(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  return [resolve('eval'), join(here, '..', '..', 'eval'), join(here, '..', '..', '..', 'eval')].find((d) => existsSync(join(d, 'cases')));
}

/** The installed model names, or why Ollama could not be asked. */
export async function installedModels(url: string): Promise<string[] | string> {
  try {
    const res = await fetch(`${url.replace(/\/+$/, '')}/api/tags`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return `Ollama answered GET /api/tags with HTTP ${res.status}`;
    const body = (await res.json()) as { models?: { name?: unknown }[] };
    return (body.models ?? []).map((m) => String(m.name));
  } catch (err) {
    return `Ollama is not reachable at ${url} (${err instanceof Error ? err.message : String(err)})`;
  }
}

export function registerEval(program: Command): void {
  program
    .command('eval')
    .description('Run the household evaluation corpus against a model in Ollama: tool choice, arguments, end state, wrong changes, speed')
    .requiredOption('--model <name>', 'the Ollama model to evaluate')
    .option('--compare <name>', 'a second model, side by side')
    .option('--ollama <url>', 'Ollama base URL (default: OLLAMA_URL)')
    .option('--json', 'print the full report as JSON')
    .option('--corpus <dir>', 'the corpus folder (with cases/*.json)')
    .option('--category <name...>', 'only these categories')
    .option('--local-intents', 'let the sentence templates answer first, as in daily use')
    .action(async (flags: EvalFlags) => {
      const { loadConfig, loadCorpus, runEval, buildReport, reportRows } = masterBundle().exports;
      const corpusDir = flags.corpus ? resolve(flags.corpus) : defaultCorpus();
      if (!corpusDir) {
        process.stderr.write('jarvis eval: no corpus found (eval/cases); name one with --corpus\n');
        process.exitCode = EXIT_USAGE;
        return;
      }
      const url = flags.ollama ?? loadConfig(process.env).ollamaUrl;
      let cases = loadCorpus(corpusDir);
      if (flags.category?.length) cases = cases.filter((c) => flags.category!.includes(c.category));
      const models = [flags.model, ...(flags.compare ? [flags.compare] : [])];
      const installed = await installedModels(url);
      if (typeof installed === 'string') {
        process.stderr.write(`jarvis eval: ${installed}\n`);
        process.exitCode = EXIT_FAILURE;
        return;
      }
      const absent = models.find((m) => !installed.some((n) => n === m || n === `${m}:latest`));
      if (absent) {
        process.stderr.write(`jarvis eval: the model ${absent} is not installed in Ollama at ${url} (ollama pull ${absent})\n`);
        process.exitCode = EXIT_FAILURE;
        return;
      }
      const reports = [];
      for (const model of models) {
        const started = new Date();
        if (!flags.json) process.stderr.write(`evaluating ${model}: ${cases.length} cases at ${url}\n`);
        const results = await runEval(cases, { ollamaUrl: url, model, localIntents: flags.localIntents === true });
        reports.push(buildReport(model, url, started, results));
      }
      const unusable = reports.find((r) => r.cases.length > 0 && r.cases.every((c) => c.error));
      if (flags.json) {
        process.stdout.write(
          `${JSON.stringify(reports.length === 1 ? reports[0] : { format: 'jarvis.eval.compare.v1', reports }, null, 2)}\n`,
        );
      } else {
        const [first, second] = reports;
        const { header, rows } = reportRows(first!, second);
        process.stdout.write(`${second ? `${first!.model} | ${second.model}\n` : `${first!.model}\n`}${formatTable(header, rows)}\n`);
        for (const report of reports) {
          const failed = report.cases.filter((c) => !c.pass);
          if (failed.length === 0) continue;
          process.stdout.write(`\n${report.model}: ${failed.length} cases not passed\n`);
          for (const c of failed) process.stdout.write(`  ${c.id}: ${c.problems.slice(0, 2).join('; ')}\n`);
        }
      }
      if (unusable) process.stderr.write(`jarvis eval: every case failed for ${unusable.model}: ${unusable.cases[0]!.error}\n`);
      process.exitCode = unusable ? EXIT_FAILURE : EXIT_OK;
    });
}
