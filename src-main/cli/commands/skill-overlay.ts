import type { Command } from 'commander';
import type { SkillEngine, SkillEntry } from '../../skills';
import { EXIT_FAILURE, EXIT_USAGE } from '../exit-codes';

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const err = (text: string): void => void process.stderr.write(`jarvis skill: ${text}\n`);

export interface OverlayCommandHelpers {
  readonly engine: () => SkillEngine;
  readonly find: (skills: readonly SkillEntry[], name: string) => SkillEntry | undefined;
  /** Deletes the skill's overlay file (undefined: it has none); throws for a name that cannot be one. */
  readonly removeOverlay: (id: string) => string | undefined;
}

function percent(value: number | undefined): string {
  return value === undefined ? '-' : `${Math.round(value * 100)} %`;
}

/** `jarvis skill show-overlay <name>`: what `jarvis optimize skills` learnt for one skill. */
export function registerShowOverlay(skill: Command, helpers: OverlayCommandHelpers): void {
  skill
    .command('show-overlay <name>')
    .description('What `jarvis optimize skills` learnt for a skill: description old → new, examples, score, stale or not')
    .option('--json', 'print JSON for scripts')
    .action((name: string, opts: { json?: boolean }) => {
      const engine = helpers.engine();
      const entry = helpers.find(engine.skills(), name);
      if (!entry) {
        err(`no skill named ${name}`);
        process.exitCode = EXIT_USAGE;
        return;
      }
      const state = engine.overlayOf(entry);
      if (!state) {
        // A broken overlay file is named with its reason; otherwise there simply is none.
        const problem = engine.info(entry).warnings.find((w) => w.startsWith('overlay '));
        if (opts.json) out(JSON.stringify({ skill: entry.id, overlay: null, ...(problem ? { problem } : {}) }, null, 2));
        else out(problem ?? `${entry.id} has no overlay (jarvis optimize skills makes one from successful uses)`);
        process.exitCode = EXIT_FAILURE;
        return;
      }
      const o = state.overlay;
      const before = o.base_description ?? entry.description;
      if (opts.json) {
        out(
          JSON.stringify(
            {
              skill: entry.id,
              file: state.file,
              stale: state.stale,
              policy: o.policy,
              created_at: o.created_at,
              description: { old: before, new: o.description },
              examples: o.examples,
              ...(o.score ? { score: o.score } : {}),
            },
            null,
            2,
          ),
        );
        return;
      }
      const lines = [
        `skill        ${entry.id}`,
        `file         ${state.file}`,
        `status       ${state.stale ? "stale: made for another version of the skill's files, not used" : 'in use'}`,
        `policy       ${o.policy}`,
        `created      ${o.created_at}`,
        `description  ${before === o.description ? `${o.description} (unchanged)` : `${before}\n          →  ${o.description}`}`,
      ];
      if (o.score) {
        const s = o.score;
        const parts = [
          ...(s.traces !== undefined ? [`${s.traces} successful uses`] : []),
          ...(s.cases !== undefined ? [`${s.cases} cases`] : []),
          ...(s.baseline !== undefined ? [`description before ${percent(s.baseline)}`] : []),
          ...(s.overlay !== undefined ? [`overlay ${percent(s.overlay)}`] : []),
        ];
        lines.push(`score        ${parts.join(', ') || '-'}`);
      }
      out(lines.join('\n'));
      if (o.examples.length > 0) out('\nexamples:');
      for (const [i, e] of o.examples.entries()) {
        out(`${i + 1}. "${e.request}"`);
        for (const c of e.calls) out(`   ${c.tool} ${JSON.stringify(c.arguments)}`);
        if (e.reply) out(`   → ${e.reply}`);
      }
    });
}

/** `jarvis skill remove-overlay <name>`: undoes `jarvis optimize skills` for one skill; its own files stay. */
export function registerRemoveOverlay(skill: Command, helpers: OverlayCommandHelpers): void {
  skill
    .command('remove-overlay <name>')
    .description("Undo what `jarvis optimize skills` learnt for a skill: deletes its overlay file, never the skill's own files")
    .action((name: string) => {
      // A skill that is gone may still have left its overlay behind: then the name is the id.
      const id = helpers.find(helpers.engine().skills(), name)?.id ?? name;
      let file: string | undefined;
      try {
        file = helpers.removeOverlay(id);
      } catch (e) {
        err(e instanceof Error ? e.message : String(e));
        process.exitCode = EXIT_USAGE;
        return;
      }
      if (!file) {
        out(`${id} has no overlay; nothing removed`);
        process.exitCode = EXIT_FAILURE;
        return;
      }
      out(`removed ${file}; ${id} uses its own description again`);
    });
}
