import type { Command } from 'commander';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_USAGE } from '../exit-codes';

const RETRY_MS = 2000;

/**
 * `jarvis home hue pair [url]`: trust on first use. Shows the certificate the bridge presents,
 * waits for its link button, and prints the settings to keep (the key, the pinned fingerprint).
 */
export function registerHome(program: Command): void {
  const home = program.command('home').description('Home control: pair devices');
  const hue = home.command('hue').description('Philips Hue bridge');
  hue
    .command('pair [url]')
    .description(
      'Pair with a Hue bridge (press its link button): prints HUE_BRIDGE_URL, HUE_APPLICATION_KEY and HUE_CERT_FINGERPRINT for the settings',
    )
    .option('--fingerprint <sha256>', 'the certificate fingerprint you expect (from a previous pairing); another one is refused')
    .option('--wait <seconds>', 'how long to wait for the link button', '30')
    .action(async (urlArg: string | undefined, opts: { fingerprint?: string; wait: string }) => {
      const { bridgeFingerprint, displayFingerprint, HuePairingError, pairHueBridge } = masterBundle().exports;
      const url = (urlArg ?? process.env.HUE_BRIDGE_URL ?? '').trim().replace(/\/+$/, '');
      const waitMs = Number(opts.wait) * 1000;
      if (!url || !Number.isFinite(waitMs) || waitMs < 0) {
        process.stderr.write(
          'jarvis home hue pair: name the bridge, e.g. `jarvis home hue pair https://192.168.1.20` (or set HUE_BRIDGE_URL)\n',
        );
        process.exitCode = EXIT_USAGE;
        return;
      }
      try {
        const seen = await bridgeFingerprint(url);
        if (seen)
          process.stdout.write(
            `The bridge at ${url} presents the certificate\n  ${displayFingerprint(seen)}\nIt is pinned: JARVIS will refuse any other.\n`,
          );
        const deadline = Date.now() + waitMs;
        let asked = false;
        for (;;) {
          try {
            const paired = await pairHueBridge(url, { expectedFingerprint: opts.fingerprint ?? seen });
            process.stdout.write(
              `Paired. Put these lines into the settings (.env) and restart JARVIS:\n\nHUE_BRIDGE_URL=${url}\nHUE_APPLICATION_KEY=${paired.applicationKey}\nHUE_CERT_FINGERPRINT=${paired.fingerprint}\n`,
            );
            return;
          } catch (err) {
            if (!(err instanceof HuePairingError) || err.code !== 'LINK_BUTTON_NOT_PRESSED' || Date.now() + RETRY_MS > deadline) throw err;
            if (!asked) process.stdout.write('Press the round link button on the bridge now…\n');
            asked = true;
            await new Promise((r) => setTimeout(r, RETRY_MS));
          }
        }
      } catch (err) {
        process.stderr.write(`jarvis home hue pair: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = EXIT_FAILURE;
      }
    });
}
