import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { PairingResponse } from '../../../src-shared';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE } from '../exit-codes';

/** The secret the running master wrote beside its database for the CLI (readable by this user alone). */
function localSecret(): Record<string, string> {
  const { loadConfig, LOCAL_SECRET_HEADER, localSecretFile } = masterBundle().exports;
  try {
    return { [LOCAL_SECRET_HEADER]: readFileSync(localSecretFile(loadConfig(process.env).dataFile), 'utf8').trim() };
  } catch {
    return {};
  }
}

/** The running master's loopback address: --url, else JARVIS_ADDR. */
function apiUrl(given: string | undefined): string {
  if (given) return given.replace(/\/$/, '');
  const { addr } = masterBundle().exports.loadConfig(process.env);
  const host = addr.host.includes(':') ? `[${addr.host}]` : addr.host;
  return `http://${host}:${addr.port}`;
}

/** What `jarvis pair` prints: the code, the link and the link as a QR code for the terminal. */
export async function pairingText(answer: PairingResponse): Promise<string> {
  const { toString } = await import('qrcode');
  const qr = await toString(answer.url, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
  const until = new Date(answer.expires_at).toLocaleTimeString();
  return [
    'Scan the code with the phone, or open the link and type the code.',
    '',
    qr,
    `Code: ${answer.code}  (valid until ${until}, once)`,
    `Link: ${answer.url}`,
    `Certificate fingerprint (to compare when the desktop app connects): ${answer.ca_fingerprint}`,
    '',
  ].join('\n');
}

export function registerPair(program: Command): void {
  program
    .command('pair')
    .description('Pair a phone or tablet: asks the running JARVIS for a pairing code and shows it with a QR code (LAN access must be on)')
    .option('--url <url>', 'the running JARVIS (default: http://JARVIS_ADDR)')
    .action(async (options: { url?: string }) => {
      try {
        const base = apiUrl(options.url);
        let res: Response;
        try {
          res = await fetch(`${base}/api/pairing`, { method: 'POST', headers: localSecret(), signal: AbortSignal.timeout(10_000) });
        } catch {
          throw new Error(`JARVIS is not running at ${base} (start it with \`jarvis serve\`, or name it with --url)`);
        }
        const body = (await res.json().catch(() => undefined)) as PairingResponse | { error?: { message?: string } } | undefined;
        if (!res.ok || !body || !('code' in body)) {
          const message = body && 'error' in body ? body.error?.message : undefined;
          throw new Error(message ?? `JARVIS answered ${res.status}`);
        }
        process.stdout.write(await pairingText(body));
      } catch (err) {
        process.stderr.write(`jarvis pair: ${err instanceof Error ? err.message : String(err)}\n`);
        process.exitCode = EXIT_FAILURE;
      }
    });
}
