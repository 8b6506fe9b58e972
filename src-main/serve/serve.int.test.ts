import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, buildEml, buildIcs } from '../testing/rag-fixtures';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { LAZY_BUILTINS } = (await import(join(root, 'scripts', 'build.mjs'))) as { LAZY_BUILTINS: readonly string[] };

beforeAll(async () => {
  const { build } = (await import(join(root, 'scripts', 'build.mjs'))) as { build: (o: object) => Promise<void> };
  await build({ quiet: true, targets: ['main'] });
}, 120_000);

function startServe(env: Record<string, string>, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist', 'main', 'serve.js')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed; stdout=${out} stderr=${err}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then(() => reject(new Error(`exited early; stderr=${err}`)));
  });
  return { child, url, exited, output: () => ({ out, err }) };
}

describe('npm run serve (the bundled headless entry)', () => {
  it('prints its URL, answers /api/health and stops gracefully on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-serve-'));
    try {
      const s = startServe({ JARVIS_ADDR: '127.0.0.1:0', JARVIS_DATA: join(dir, 'j.db'), JARVIS_SKILLS_DIR: join(dir, 'skills') });
      const url = await s.url;
      const health = (await (await fetch(`${url}/api/health`)).json()) as { ok: boolean };
      expect(health.ok).toBe(true);
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.output().out).toContain('SIGTERM: stopping');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a new install starts from the empty database the build wrote beside the bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-serve-'));
    const hook = join(dir, 'report-copies.cjs');
    writeFileSync(
      hook,
      "const fs = require('node:fs'); const copy = fs.copyFileSync; fs.copyFileSync = function (from) { process.stderr.write('COPY ' + from + '\\n'); return copy.apply(this, arguments); };\n",
    );
    const template = join(root, 'dist', 'main', 'fresh-database.sqlite');
    expect(existsSync(template)).toBe(true);
    const s = startServe({ JARVIS_ADDR: '127.0.0.1:0', JARVIS_DATA: join(dir, 'j.db'), JARVIS_SKILLS_DIR: join(dir, 'skills') }, [
      '--require',
      hook,
    ]);
    try {
      const url = await s.url;
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      expect(s.output().err).toContain(`COPY ${template}`);
      expect(s.output().err).not.toMatch(/could not be used/);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers its first health check without loading a package or Node module kept for later, and loads one on first use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-serve-'));
    // Reports every file of dist/main/vendor/ and every Node module kept for later that the
    // process requires, as it happens (a module's a moment later: a worker thread that wrote
    // while loading worker_threads would write no more).
    const hook = join(dir, 'report-vendor-loads.cjs');
    writeFileSync(
      hook,
      `const lazy = new Set(${JSON.stringify(LAZY_BUILTINS)});\n` +
        "const M = require('node:module'); const load = M._load; M._load = function (r) { if (/vendor\\//.test(r)) process.stderr.write('VENDOR ' + r + '\\n'); else if (lazy.has(r.replace(/^node:/, ''))) setImmediate(() => process.stderr.write('BUILTIN ' + r.replace(/^node:/, '') + '\\n')); return load.apply(this, arguments); };\n",
    );
    const s = startServe(
      {
        JARVIS_ADDR: '127.0.0.1:0',
        JARVIS_DATA: join(dir, 'j.db'),
        JARVIS_SKILLS_DIR: join(dir, 'skills'),
        OLLAMA_URL: 'http://127.0.0.1:9',
      },
      ['--require', hook],
    );
    try {
      const url = await s.url;
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const loadedBefore = new Set([...s.output().err.matchAll(/^BUILTIN (\S+)$/gm)].map((m) => m[1]));
      // child_process is left out: the skills' sandbox probe loads it on a timer of its own.
      for (const name of LAZY_BUILTINS.filter((n) => n !== 'child_process')) expect(loadedBefore).not.toContain(name);
      // A second request: the start-up work that waited for the first answer has run too.
      expect((await fetch(`${url}/api/state`)).status).toBe(200);
      expect(s.output().err).not.toContain('VENDOR');
      const ics = [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:a@test',
        'DTSTART:20270101T100000Z',
        'SUMMARY:Zahnarzt',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
      const imported = await fetch(`${url}/api/calendar/import`, {
        method: 'POST',
        body: ics,
        headers: { 'content-type': 'text/calendar' },
      });
      expect(imported.status).toBe(200);
      expect(s.output().err).toContain('VENDOR ./vendor/lazy-ical.cjs');
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the code cache of its bundle when it stops, and starts again from it', async () => {
    const cache = join(root, 'dist', 'main', 'master.cjs.v8cache');
    rmSync(cache, { force: true });
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-serve-'));
    try {
      const env = {
        JARVIS_ADDR: '127.0.0.1:0',
        JARVIS_DATA: join(dir, 'j.db'),
        JARVIS_SKILLS_DIR: join(dir, 'skills'),
        OLLAMA_URL: 'http://127.0.0.1:9',
      };
      const first = startServe(env);
      await first.url;
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(cache)).toBe(true);

      const second = startServe(env);
      const url = await second.url;
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads every document format whose parser is bundled apart from the master', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-serve-'));
    const s = startServe({
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_DATA: join(dir, 'j.db'),
      JARVIS_SKILLS_DIR: join(dir, 'skills'),
      OLLAMA_URL: 'http://127.0.0.1:9',
    });
    try {
      const url = await s.url;
      const files: Record<string, Buffer> = {
        'mietvertrag.docx': buildDocx(['# Mietvertrag', 'Die Kündigungsfrist beträgt drei Monate.']),
        'ablesung.eml': buildEml(),
        'termine.ics': buildIcs(),
        'seite.html': Buffer.from('<html><body><h1>Heizung</h1><p>Wartung im Oktober.</p></body></html>'),
        'liste.yaml': Buffer.from('einkauf:\n  - Milch\n  - Brot\n'),
        'daten.xml': Buffer.from('<?xml version="1.0"?><haus><zimmer>Küche</zimmer></haus>'),
        'haushalt.odt': readFileSync(join(root, 'src-main', 'knowledge', 'fixtures', 'haushalt.odt')),
        'haushalt.epub': readFileSync(join(root, 'src-main', 'knowledge', 'fixtures', 'haushalt.epub')),
      };
      for (const [name, bytes] of Object.entries(files)) {
        const form = new FormData();
        form.append('file', new Blob([bytes]), name);
        expect((await fetch(`${url}/api/rag/documents`, { method: 'POST', body: form })).status, name).toBe(202);
      }
      let documents: { name: string; status: string; error?: string }[] = [];
      for (let i = 0; i < 200; i++) {
        documents = ((await (await fetch(`${url}/api/rag/documents`)).json()) as { documents: typeof documents }).documents;
        if (documents.every((d) => d.status === 'ready' || d.status === 'failed')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(documents.map((d) => [d.name, d.status, d.error ?? '']).sort()).toEqual(
        Object.keys(files)
          .map((n) => [n, 'ready', ''])
          .sort(),
      );
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads calendars on its worker thread: health answers while a costly file is refused, and SIGTERM still stops it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-serve-'));
    const s = startServe({
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_DATA: join(dir, 'j.db'),
      JARVIS_SKILLS_DIR: join(dir, 'skills'),
      OLLAMA_URL: 'http://127.0.0.1:9',
    });
    try {
      const url = await s.url;
      const calendar = (...vevents: string[][]) =>
        ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...vevents.flat(), 'END:VCALENDAR', ''].join('\r\n');
      const post = (ics: string) =>
        fetch(`${url}/api/calendar/import`, { method: 'POST', body: ics, headers: { 'content-type': 'text/calendar' } });
      const forever = await post(
        calendar(['BEGIN:VEVENT', 'UID:d@test', 'DTSTART:20260101T100000Z', 'DURATION:P999999999999999999W', 'END:VEVENT']),
      );
      expect(forever.status).toBe(400);
      const minutely = [0, 1, 2].map((i) => [
        'BEGIN:VEVENT',
        `UID:m${i}@test`,
        'DTSTART:19260101T000000Z',
        'RRULE:FREQ=MINUTELY',
        'END:VEVENT',
      ]);
      let done = false;
      const costly = post(calendar(...minutely)).finally(() => (done = true));
      const polls: number[] = [];
      while (!done && polls.length < 500) {
        polls.push((await fetch(`${url}/api/health`)).status);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await costly).status).toBe(400);
      expect(polls.length).toBeGreaterThan(1);
      expect(polls.every((x) => x === 200)).toBe(true);
      const ok = await post(
        calendar([
          'BEGIN:VEVENT',
          'UID:ok@test',
          'SUMMARY:Elternabend',
          'DTSTART:20261201T180000Z',
          'RDATE;VALUE=PERIOD:20261208T180000Z/PT2H',
          'END:VEVENT',
        ]),
      );
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { imported: unknown[] }).imported).toHaveLength(2);
    } finally {
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad setting and names it', async () => {
    const s = startServe({ JARVIS_SKILL_MAX_TIMEOUT_MS: 'abc' });
    s.url.catch(() => undefined);
    expect(await s.exited).toBe(2);
    expect(s.output().err).toContain('JARVIS_SKILL_MAX_TIMEOUT_MS must be a positive integer, got "abc"');
  });
});
