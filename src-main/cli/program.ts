import { Command, CommanderError } from 'commander';
import { APP_VERSION } from '../../src-shared';
import { registerBackup } from './commands/backup';
import { registerBench } from './commands/bench';
import { registerDoctor } from './commands/doctor';
import { registerHome } from './commands/home';
import { registerMcp } from './commands/mcp';
import { registerOptimize } from './commands/optimize';
import { registerEval } from './commands/eval';
import { registerPair } from './commands/pair';
import { registerProtocol } from './commands/protocol';
import { registerRag } from './commands/rag';
import { registerServe } from './commands/serve';
import { registerSkill } from './commands/skill';
import { registerVoice } from './commands/voice';
import { EXIT_USAGE } from './exit-codes';

/** Each command group registers itself here; `jarvis --help` lists them all. */
const COMMANDS: readonly ((program: Command) => void)[] = [
  registerServe,
  registerDoctor,
  registerEval,
  registerBench,
  registerProtocol,
  registerSkill,
  registerVoice,
  registerRag,
  registerBackup,
  registerHome,
  registerMcp,
  registerPair,
  registerOptimize,
];

export function buildProgram(): Command {
  const program = new Command('jarvis')
    .description('JARVIS Home Command: the household assistant on this machine')
    .version(APP_VERSION)
    .exitOverride()
    .showHelpAfterError();
  for (const register of COMMANDS) register(program);
  return program;
}

export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  // Commands report through process.exitCode; it is read and cleared here so that only
  // the entry point (cli/main.ts) decides the process's exit code.
  process.exitCode = undefined;
  try {
    await program.parseAsync([...argv], { from: 'user' });
    const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
    process.exitCode = undefined;
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      return err.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    process.stderr.write(`jarvis: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
