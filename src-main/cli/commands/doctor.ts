import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_OK } from '../exit-codes';
import { formatTable } from '../table';
import { voiceTable } from './voice';

type Config = ReturnType<ReturnType<typeof masterBundle>['exports']['loadConfig']>;

/** `jarvis doctor --model`: probes, stores and prints what each model can do. */
async function probeModels(config: Config, wanted: string | undefined, json: boolean): Promise<number> {
  const { modelsToProbe, probeModel, probesFileOf, saveProbes } = masterBundle().exports;
  let names: string[];
  try {
    names = await modelsToProbe(config.ollamaUrl, wanted);
  } catch (err) {
    process.stderr.write(`jarvis doctor: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_FAILURE;
  }
  const probes = [];
  for (const name of names) {
    if (!json) process.stderr.write(`probing ${name} …\n`);
    probes.push(await probeModel(name, { url: config.ollamaUrl, agentNumCtx: config.ollamaAgentNumCtx, now: () => new Date() }));
  }
  const file = probesFileOf(config);
  saveProbes(file, probes);
  const best = [...probes].sort((a, b) => b.recommendation.score - a.recommendation.score)[0];
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ file, recommended: best && best.recommendation.score > 0 ? best.model : null, probes }, null, 2)}\n`,
    );
  } else {
    const rows = probes.map((p) => [
      p.model,
      p.tool_calling,
      p.json_mode ? 'yes' : 'no',
      p.context_length ? String(p.context_length) : '-',
      p.tokens_per_second !== undefined ? String(p.tokens_per_second) : '-',
      p.recommendation.agent,
      p.recommendation.planner,
      `${p.recommendation.max_tools} tools / ${p.recommendation.max_tokens} tokens`,
    ]);
    process.stdout.write(
      `${formatTable(['model', 'tool calls', 'JSON mode', 'context', 'tokens/s', 'agent', 'planner', 'tool budget'], rows)}\n`,
    );
    process.stdout.write(
      best && best.recommendation.score > 0
        ? `\nrecommended agent model: ${best.model} (OLLAMA_MODEL=auto picks it); stored in ${file}\n`
        : `\nno installed model can act as the agent; stored in ${file}\n`,
    );
  }
  return probes.some((p) => p.recommendation.agent !== 'unusable') ? EXIT_OK : EXIT_FAILURE;
}

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('Check what JARVIS finds on this machine: Ollama and models, ffmpeg, whisper, piper, docker socket, data folder')
    .option('--json', 'print JSON for scripts')
    .option('--model [name]', 'probe the installed models (or the one named) in Ollama and store what each can do')
    .action(async (opts: { json?: boolean; model?: string | boolean }) => {
      const { loadConfig, runChecks } = masterBundle().exports;
      const config = loadConfig(process.env);
      if (opts.model !== undefined) {
        process.exitCode = await probeModels(config, typeof opts.model === 'string' ? opts.model : undefined, opts.json === true);
        return;
      }
      const results = await runChecks(config);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
      } else {
        const rows = results.map((r) => [r.ok ? 'ok' : r.optional ? 'missing' : 'FAIL', r.name, r.detail]);
        process.stdout.write(`${formatTable(['status', 'component', 'detail'], rows)}\n\n`);
        process.stdout.write(`${await voiceTable(config)}\n`);
      }
      process.exitCode = results.some((r) => !r.ok && !r.optional) ? EXIT_FAILURE : EXIT_OK;
    });
}
