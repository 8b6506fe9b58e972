import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { aptCommands, decide, DPKG_QUERY_FORMAT, missingMessage, missingPackages, parseDpkgQuery, SYSTEM_PACKAGES } from './test-setup.mjs';

type Pkg = (typeof SYSTEM_PACKAGES)[number];
const packages = SYSTEM_PACKAGES;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What `dpkg-query -W -f=DPKG_QUERY_FORMAT <names>` prints for these statuses. */
function dpkgAnswer(statuses: Record<string, string>): string {
  return Object.entries(statuses)
    .map(([name, status]) => DPKG_QUERY_FORMAT.replace('${Package}', name).replace('${Status}', status))
    .join('');
}

describe('test setup: system packages', () => {
  it('lists each package once, each with a reason and a way to find it without dpkg', () => {
    const names = packages.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const p of packages) {
      expect(p.why, p.name).not.toBe('');
      expect(Boolean(p.command) !== Boolean(p.lang), p.name).toBe(true);
    }
    expect(names).toEqual(
      expect.arrayContaining(['chromium', 'ffmpeg', 'espeak-ng', 'tesseract-ocr-deu', 'docker.io', 'busybox-static', 'cmake']),
    );
  });

  it('counts only fully installed packages as installed (not removed with config left, not half-installed)', () => {
    const installed = parseDpkgQuery(
      dpkgAnswer({
        ffmpeg: 'install ok installed',
        sox: 'hold ok installed',
        'espeak-ng': 'deinstall ok config-files',
        cmake: 'install reinstreq half-installed',
      }),
    );
    expect([...installed].sort()).toEqual(['ffmpeg', 'sox']);
  });

  it('reports as missing every package dpkg does not know or has not installed, in list order', () => {
    const installed = parseDpkgQuery(
      dpkgAnswer({ chromium: 'install ok installed', ffmpeg: 'install ok installed', sox: 'deinstall ok config-files' }),
    );
    const missing = missingPackages(packages, (p: Pkg) => installed.has(p.name));
    expect(missing).toContain('sox');
    expect(missing).toContain('espeak-ng');
    expect(missing).not.toContain('ffmpeg');
    expect(missing).not.toContain('chromium');
    expect(missing).toEqual(packages.map((p) => p.name).filter((n) => n !== 'chromium' && n !== 'ffmpeg'));
  });

  it('does not ask for Chromium when JARVIS_CHROMIUM names one', () => {
    expect(missingPackages(packages, () => false, { chromium: true })).not.toContain('chromium');
    expect(missingPackages(packages, () => true)).toEqual([]);
  });

  it('installs only as root or with passwordless sudo on a machine with apt-get and dpkg', () => {
    const base = { missing: ['sox'], apt: true, dpkg: true, root: false, sudo: false };
    expect(decide({ ...base, missing: [] })).toEqual({ action: 'ok' });
    expect(decide({ ...base, root: true })).toEqual({ action: 'install', sudo: false });
    expect(decide({ ...base, sudo: true })).toEqual({ action: 'install', sudo: true });
    expect(decide(base)).toEqual({ action: 'stop' });
    expect(decide({ ...base, root: true, apt: false, dpkg: false })).toEqual({ action: 'stop' });
    expect(decide({ ...base, root: true, allowInstall: false })).toEqual({ action: 'stop' });
  });

  it('names the exact non-interactive apt-get commands', () => {
    expect(aptCommands(['sox', 'ffmpeg'])).toEqual([
      'apt-get update -q',
      'env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends sox ffmpeg',
    ]);
    expect(aptCommands(['sox'], { sudo: true })[1]).toBe(
      'sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends sox',
    );
  });

  it('tells a user without root which packages to install and how', () => {
    const text = missingMessage(['sox', 'tesseract-ocr-deu'], { apt: true });
    expect(text).toContain('  sox (voice: test audio)');
    expect(text).toContain('  tesseract-ocr-deu (documents: German OCR)');
    expect(text).toContain('  sudo apt-get update -q');
    expect(text).toContain('  sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends sox tesseract-ocr-deu');
  });

  it('names the commands looked for on a machine without apt-get', () => {
    const text = missingMessage(['poppler-utils', 'tesseract-ocr-eng'], { apt: false });
    expect(text).not.toContain('apt-get install');
    expect(text).toContain('pdftotext, tesseract language eng');
  });

  it('keeps the package list in one place: .ci/run runs the setup instead of apt-get', () => {
    const ci = readFileSync(join(root, '.ci', 'run'), 'utf8');
    expect(ci).not.toContain('apt-get');
    expect(ci).not.toContain('dpkg');
    expect(ci).toContain('npm test');
  });
});
