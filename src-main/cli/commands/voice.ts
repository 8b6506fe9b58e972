import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import type { Config } from '../../platform/config';
import { EXIT_FAILURE, EXIT_OK } from '../exit-codes';
import { formatTable } from '../table';

/** The voice table of `jarvis doctor`, `jarvis voice status` and `npm run voice:setup`. */
export async function voiceTable(config: Config): Promise<string> {
  const { Tracer, VoiceActivityDetector, VoiceService, voiceStatusRows } = masterBundle().exports;
  const vad = new VoiceActivityDetector();
  // Load the detector for real, so the table says whether Silero runs on this machine.
  await vad.warmUp();
  const voice = new VoiceService({ config, tracer: new Tracer({ enabled: false, limit: 1 }), vad });
  return formatTable(['voice', 'state', 'detail'], voiceStatusRows(voice.status()));
}

/** scripts/build-whisper-cli.mjs next to the bundle in a checkout (dist/main/ -> scripts/). */
function whisperBuildScript(): string | undefined {
  const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'build-whisper-cli.mjs');
  return existsSync(script) ? script : undefined;
}

export function registerVoice(program: Command): void {
  const voice = program.command('voice').description('Voice: status of whisper.cpp, ffmpeg, Piper/espeak-ng; setup of models and voices');

  voice
    .command('status')
    .description('Print the voice table (what is found, where, and what is missing)')
    .option('--json', 'print the /api/voice/status object')
    .action(async (opts: { json?: boolean }) => {
      const { loadConfig, Tracer, VoiceActivityDetector, VoiceService } = masterBundle().exports;
      const config = loadConfig(process.env);
      if (opts.json) {
        const s = new VoiceService({ config, tracer: new Tracer({ enabled: false, limit: 1 }), vad: new VoiceActivityDetector() }).status();
        process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
      } else {
        process.stdout.write(`${await voiceTable(config)}\n`);
      }
      process.exitCode = EXIT_OK;
    });

  voice
    .command('setup')
    .description(
      'Download the Whisper model, the Piper binary and a German Piper voice into JARVIS_TOOLS_DIR; build whisper-cli where possible; print the table',
    )
    .action(async () => {
      const { loadConfig, setupVoice } = masterBundle().exports;
      const config = loadConfig(process.env);
      const script = whisperBuildScript();
      const steps = await setupVoice(config, {
        log: (line) => process.stdout.write(`${line}\n`),
        ...(script
          ? {
              buildWhisperCli: () => {
                const r = spawnSync(process.execPath, [script], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
                if (r.status !== 0)
                  throw new Error(
                    'building whisper-cli from the whisper.cpp sources failed (see above); install whisper.cpp and set JARVIS_WHISPER_BIN',
                  );
                return r.stdout.trim().split('\n').pop() ?? '';
              },
            }
          : {}),
      });
      process.stdout.write(
        `\n${formatTable(
          ['item', 'result', 'detail'],
          steps.map((s) => [s.item, s.ok ? 'ok' : 'FAILED', s.detail]),
        )}\n\n`,
      );
      process.stdout.write(`${await voiceTable(config)}\n`);
      process.exitCode = steps.every((s) => s.ok) ? EXIT_OK : EXIT_FAILURE;
    });
}
