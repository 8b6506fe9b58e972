import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './served-app';

const require = createRequire(import.meta.url);

export type ElectronBinary = { readonly found: true; readonly path: string } | { readonly found: false; readonly reason: string };

/**
 * The Electron binary, if this machine has one: JARVIS_ELECTRON, or the one the
 * `electron` package installed (node_modules/electron/path.txt). Never downloads.
 */
export function findElectronBinary(): ElectronBinary {
  const explicit = process.env.JARVIS_ELECTRON;
  if (explicit)
    return existsSync(explicit) ? { found: true, path: explicit } : { found: false, reason: `JARVIS_ELECTRON=${explicit} does not exist` };
  let pkgDir: string;
  try {
    pkgDir = dirname(require.resolve('electron/package.json', { paths: [repoRoot] }));
  } catch {
    return { found: false, reason: 'the electron package is not installed' };
  }
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return {
      found: false,
      reason: `Electron binary not installed (${join(pkgDir, 'dist')} is missing; no network to download it — run \`node node_modules/electron/install.js\` where there is)`,
    };
  }
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { found: true, path: binary } : { found: false, reason: `Electron binary ${binary} is missing` };
}

/** A short mono 16 kHz WAV (a spoken-like tone burst) for Chromium's fake microphone. */
export function fakeSpeechWav(seconds = 1.5, rate = 16_000): Buffer {
  const samples = Math.round(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const envelope = Math.sin(Math.PI * Math.min(1, t / seconds)) ** 2;
    const value = envelope * (0.5 * Math.sin(2 * Math.PI * 180 * t) + 0.3 * Math.sin(2 * Math.PI * 360 * t));
    data.writeInt16LE(Math.round(value * 20_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
