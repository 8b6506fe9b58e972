// /api/health answering while the built master (dist/main/serve.js, its own process) does
// heavy work: (a) a 45 MB JSON document is uploaded and ingested (refused for too many
// chunks after it was parsed off the main thread: it still loads the master), (b) hostile
// calendar files are imported back to back (series that expand to the limits, a DURATION of
// 999999999999999999 weeks), (c) 100 POST /api/skills/reload back to back over the
// repository's skill folders, (d) hostile requests from many connections at once (malformed
// JSON, bodies over the limit, bad headers, slow and idle connections), (e) an enrolled mesh
// worker uploading distinct 250 KB skill sets and bodies of many MB back to back. The load of
// (d) and (e) comes from a process of its own (bench/fixtures/hostile-load.mjs). Baseline:
// the same polling against the idle master, in the same run. Target: the p99 of /api/health in
// each phase at most 10x the idle master's p99 of the same run (the issue's 50 ms over the
// 5 ms idle p99 of an unloaded 2-core machine; a busy machine raises both alike). The
// absolute p99 against 50 ms is printed too. BENCH_PHASES=d,e runs only the phases named.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { percentile, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const IDLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DOCUMENT_MB = Number(process.env.BENCH_DOCUMENT_MB ?? 45);
const CALENDAR_IMPORTS = Number(process.env.BENCH_CALENDAR_IMPORTS ?? 12);
const RELOADS = Number(process.env.BENCH_RELOADS ?? 100);
const HOSTILE_SECONDS = Number(process.env.BENCH_HOSTILE_SECONDS ?? 15);
const PHASES = (process.env.BENCH_PHASES ?? 'a,b,c,d,e').split(',');
const TOKEN = 'bench-enrollment-token-0123456789';
const TARGET_P99_MS = 50;
/** p99 under load over the idle p99 of the same run. */
const TARGET_RATIO = 10;
/** No phase may run longer than this; the bench stops by itself. */
const PHASE_LIMIT_MS = 180_000;

async function startMaster(dir) {
  // BENCH_MASTER_ARGS passes Node options to the master (e.g. --cpu-prof to find its stalls).
  const nodeArgs = (process.env.BENCH_MASTER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'dist/main/serve.js')], {
    env: {
      PATH: process.env.PATH,
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_MESH_ADDR: '127.0.0.1:0',
      JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN,
      JARVIS_DATA: join(dir, 'jarvis.db'),
      JARVIS_SKILLS_DIR: join(root, 'skills'),
      JARVIS_SKILLS_USER_DIR: join(dir, 'user-skills'),
      OLLAMA_URL: 'http://127.0.0.1:9',
      TASK_SCOUT_INTERVAL: '0',
      KANBAN_AI_INTERVAL: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (c) => (out += c));
  const urls = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`master did not start: ${out}`)), 30_000);
    child.stdout.on('data', (c) => {
      out += c;
      const api = /running at (http:\/\/\S+)/.exec(out);
      const mesh = /skill workers at (http:\/\/\S+)/.exec(out);
      if (api && mesh) {
        clearTimeout(timer);
        resolve({ api: api[1], mesh: mesh[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`master exited ${code}: ${out}`)));
  });
  return { child, ...urls };
}

/** Polls /api/health every 5 ms until `done` settles; returns the latencies in ms. */
async function pollWhile(api, done) {
  const samples = [];
  let finished = false;
  const settled = done.finally(() => (finished = true));
  // Awaited after the loop; until then a failed load must not count as unhandled.
  settled.catch(() => {});
  while (!finished) {
    const s = performance.now();
    const res = await fetch(`${api}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    samples.push(performance.now() - s);
    await new Promise((r) => setTimeout(r, 5));
  }
  return { samples, result: await settled };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function withLimit(promise, what) {
  let timer;
  const limit = new Promise(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${PHASE_LIMIT_MS} ms`)), PHASE_LIMIT_MS)),
  );
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * A JSON document of about `mb` MB: many small records, as an exported log or backup would
 * be. Written record by record into one buffer: half a million record objects would leave
 * garbage whose collection later stalls this process while it measures.
 */
function bigJson(mb) {
  const record = (i) =>
    JSON.stringify({
      id: i,
      datum: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      betrag: (i * 7) % 1000,
      notiz: `Eintrag ${i} Heizung Zähler Rechnung Strom Wasser`,
    });
  const target = mb * 1024 * 1024;
  const out = Buffer.alloc(target + 4096);
  let at = out.write('{"eintraege":[');
  for (let i = 0; at < target; i++) at += out.write(`${i > 0 ? ',' : ''}${record(i)}`, at);
  at += out.write(']}', at);
  return out.subarray(0, at);
}

/**
 * POSTs `bytes` as the multipart field `file`, streamed in 64 KB pieces of the one buffer:
 * fetch with a FormData assembles the body on this process's event loop first (half a
 * second for 45 MB), and that loop also times the health checks.
 */
function uploadFile(api, name, bytes) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  function* pieces() {
    yield head;
    for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
    yield tail;
  }
  return new Promise((resolve, reject) => {
    const headers = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + bytes.length + tail.length,
    };
    const req = httpRequest(new URL('/api/rag/documents', api), { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    Readable.from(pieces(), { objectMode: false }).pipe(req);
  });
}

async function ingest(api, bytes) {
  const { status, body } = await uploadFile(api, 'export.json', bytes);
  if (status !== 202) throw new Error(`ingest answered ${status}: ${JSON.stringify(body)}`);
  const id = body.document.id;
  for (;;) {
    await sleep(100);
    const doc = await (await fetch(`${api}/api/rag/documents/${id}`)).json();
    const d = doc.document ?? doc;
    if (d.status === 'ready' || d.status === 'failed') return `${d.status}${d.error ? `: ${d.error.slice(0, 90)}` : ''}`;
  }
}

/**
 * Three hostile files: 20 series that expand to 400 events each (8,000 events saved, every
 * one updated on the next import), series that run into the recurrence-step limit, and a
 * duration of 19 quintillion weeks.
 */
function hostileCalendars() {
  const event = (uid, lines) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', 'SUMMARY:Serie', ...lines, 'END:VEVENT'];
  const cal = (events) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//hostile//DE', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
  const start = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const many = cal(
    Array.from({ length: 20 }, (_, i) =>
      event(`hourly-${i}@bench`, [
        `DTSTART:${start}T${String(i % 24).padStart(2, '0')}0000Z`,
        'DURATION:PT30M',
        'RRULE:FREQ=HOURLY;INTERVAL=3',
      ]),
    ),
  );
  const flood = cal(
    Array.from({ length: 6 }, (_, i) => event(`secondly-${i}@bench`, ['DTSTART:19900101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'])),
  );
  const duration = cal([event('forever@bench', ['DTSTART:20260601T100000Z', 'DURATION:P999999999999999999W'])]);
  return [many, flood, duration];
}

async function importCalendars(api, files, count) {
  const statuses = new Map();
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${api}/api/calendar/import`, {
      method: 'POST',
      headers: { 'content-type': 'text/calendar' },
      body: files[i % files.length],
    });
    const body = await res.text();
    if (process.env.BENCH_VERBOSE) process.stdout.write(`calendar ${i % files.length}: ${res.status} ${body.slice(0, 200)}\n`);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
  return [...statuses].map(([s, n]) => `${n}x ${s}`).join(', ');
}

async function reloads(api, count) {
  let skills = 0;
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${api}/api/skills/reload`, { method: 'POST' });
    if (res.status !== 200) throw new Error(`reload answered ${res.status}`);
    await res.arrayBuffer();
  }
  skills = ((await (await fetch(`${api}/api/skills`)).json()).skills ?? []).filter((s) => s.provider === 'plugin').length;
  return `${count} reloads of ${skills} skill folders`;
}

/** Runs bench/fixtures/hostile-load.mjs to its end; resolves with its summary. */
function hostileLoad(kind, master) {
  const child = spawn(
    process.execPath,
    [join(root, 'bench/fixtures/hostile-load.mjs'), kind, master.api, master.mesh, String(HOSTILE_SECONDS), TOKEN],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`hostile load (${kind}) exited ${code}: ${out}`));
      const r = JSON.parse(out.trim().split('\n').at(-1));
      if (r.unanswered > 0) return reject(new Error(`${r.unanswered} hostile requests got no answer: ${out}`));
      const statuses = Object.entries(r.statuses)
        .map(([s, n]) => `${n}x ${s}`)
        .join(', ');
      resolve(`${statuses} (${r.dropped} dropped)`);
    });
  }).finally(() => child.kill('SIGKILL'));
}

const ms = (v) => `${v.toFixed(1)} ms`;

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-bench-health-'));
  const master = await startMaster(dir);
  try {
    await pollWhile(master.api, sleep(1000)); // warm-up
    const idle = (await pollWhile(master.api, sleep(IDLE_SECONDS * 1000))).samples;
    const idleP50 = percentile(idle, 50);
    const idleP99 = percentile(idle, 99);

    // Made before the clock runs: this process's event loop also times the health checks.
    const document = PHASES.includes('a') ? bigJson(DOCUMENT_MB) : Buffer.alloc(0);
    const phases = [
      [`(a) ${(document.length / 1024 / 1024).toFixed(0)} MB JSON document ingesting`, 'ingest', () => ingest(master.api, document)],
      [
        `(b) ${CALENDAR_IMPORTS} hostile calendar imports`,
        'calendar',
        () => importCalendars(master.api, hostileCalendars(), CALENDAR_IMPORTS),
      ],
      [`(c) ${RELOADS} skills reloads back to back`, 'reload', () => reloads(master.api, RELOADS)],
      [`(d) ${HOSTILE_SECONDS} s of hostile requests`, 'fuzz', () => hostileLoad('fuzz', master)],
      [`(e) ${HOSTILE_SECONDS} s of large mesh uploads`, 'mesh-upload', () => hostileLoad('mesh', master)],
    ].filter((_, i) => PHASES.includes('abcde'[i]));
    const rows = [
      ['idle master (baseline): samples', String(idle.length)],
      ['idle master: p50 / p99', `${ms(idleP50)} / ${ms(idleP99)}`],
    ];
    const results = [];
    for (const [label, key, load] of phases) {
      const started = performance.now();
      const { samples, result } = await pollWhile(master.api, withLimit(load(), label));
      const seconds = (performance.now() - started) / 1000;
      const p50 = percentile(samples, 50);
      const p99 = percentile(samples, 99);
      rows.push(
        [`${label}: outcome`, `${result} in ${seconds.toFixed(1)} s`],
        [`  samples, p50 / p99 / max`, `${samples.length}, ${ms(p50)} / ${ms(p99)} / ${ms(Math.max(...samples))}`],
        [
          `  p99 vs idle p99 (target <= ${TARGET_RATIO}x), p50 vs idle p50`,
          `${(p99 / idleP99).toFixed(2)}x ${p99 / idleP99 <= TARGET_RATIO ? 'within target' : 'OVER TARGET'}, ${(p50 / idleP50).toFixed(2)}x`,
        ],
        [`  p99 (the issue's ${TARGET_P99_MS} ms)`, `${ms(p99)} ${p99 <= TARGET_P99_MS ? 'within' : 'over'}`],
      );
      results.push({ name: `health-p99-${key}-vs-idle-p99`, ratio: p99 / idleP99, target: TARGET_RATIO });
    }
    report('/api/health while the master works (built master, own process)', rows);
    return results;
  } finally {
    const exited = new Promise((r) => master.child.once('exit', r));
    master.child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000)]);
    if (master.child.exitCode === null) master.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
