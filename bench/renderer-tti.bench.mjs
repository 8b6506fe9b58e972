// Time to interactive of the Home screen (navigation start until the Home cards show the
// household's data and the controls respond) against a blank Vite React page, both built
// here and loaded in the same Debian Chromium, interleaved, with a cold cache each time.
// The month view and the wall display with 300 events are held to the same bound.
// Target: ratio <= 1.5.
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const CHROMIUM = process.env.JARVIS_CHROMIUM ?? '/usr/bin/chromium';
// Headless Chromium builds its WebUI omnibox popup in the browser process during the first
// navigations; on two cores that work competes with whichever page is loading. Neither page
// uses it, so it stays off like the other background services above.
const QUIET_BROWSER = ['--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup'];
const READY_MESSAGE = 'jarvis-ready-at ';
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

async function buildBlank(outDir) {
  const vite = await import('vite');
  await vite.build({
    root: join(root, 'bench/fixtures/blank-react'),
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
  });
}

function serveStatic(dir) {
  const server = createServer((req, res) => {
    const path = join(dir, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
    if (!path.startsWith(dir) || !existsSync(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(path).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

function startMaster(dataDir) {
  const child = spawn(process.execPath, [join(root, 'dist/main/serve.js')], {
    env: {
      PATH: process.env.PATH,
      JARVIS_ADDR: '127.0.0.1:0',
      JARVIS_DATA: join(dataDir, 'jarvis.db'),
      JARVIS_SKILLS_DIR: join(dataDir, 'skills'),
      OLLAMA_URL: 'http://127.0.0.1:9',
      KANBAN_AI_INTERVAL: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      out += c;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

/**
 * ms from navigation start until `ready` holds, measured inside the page: an init script
 * checks `ready` once per frame and reads the clock in the first task after it holds, so a
 * long task right after the first paint counts too. The page says the time in a console
 * message, which reaches the bench over the DevTools connection with no script of the bench's
 * in the page: Playwright's waitForFunction first evaluates its injected script there, 10-17 ms
 * of compiling on the main thread that fell into Home's or the month's load but into the blank
 * page's idle wait for its one file.
 */
async function tti(browser, url, ready, init) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (init) await context.addInitScript(init);
  await context.addInitScript(
    `(() => { const ready = ${ready.toString()}; const check = () => { if (ready()) setTimeout(() => console.log('${READY_MESSAGE}' + performance.now()), 0); else requestAnimationFrame(check); }; requestAnimationFrame(check); })()`,
  );
  const page = await context.newPage();
  const readyAt = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${url}: not ready within 30 s`)), 30_000);
    page.on('console', (message) => {
      const text = message.text();
      if (!text.startsWith(READY_MESSAGE)) return;
      clearTimeout(timer);
      resolve(Number(text.slice(READY_MESSAGE.length)));
    });
  });
  await page.goto(url, { waitUntil: 'commit' });
  const ms = await readyAt;
  await context.close();
  return ms;
}

export async function run() {
  const { chromium } = await import('playwright-core');
  const blankDir = mkdtempSync(join(tmpdir(), 'jarvis-blank-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'jarvis-tti-'));
  await buildBlank(blankDir);
  const blank = await serveStatic(blankDir);
  const master = await startMaster(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...QUIET_BROWSER,
    ],
  });
  try {
    // A household's usual week, so Home renders real cards and sorts real lists (its tasks card
    // shows what is due today or overdue).
    for (const [tool, args] of [
      ['tasks_create', { title: 'Steuererklärung', due: { kind: 'relative', offset_days: 0 } }],
      ['tasks_create', { title: 'Fahrrad zur Werkstatt', priority: 'high', due: { kind: 'relative', offset_days: -1 } }],
      ['tasks_create', { title: 'Geschenk für Oma' }],
      ['calendar_create', { title: 'Zahnarzt', when: { kind: 'relative', offset_days: 1, time: '15:30' } }],
      ['calendar_create', { title: 'Elternabend', when: { kind: 'relative', offset_days: 3, time: '19:00' } }],
      ['calendar_create', { title: 'Schwimmkurs', when: { kind: 'relative', offset_days: 5, time: '16:00' } }],
      ['mealplan_create', { when: { kind: 'relative', offset_days: 2 }, meal: 'dinner', title: 'Spaghetti' }],
      ['mealplan_create', { when: { kind: 'relative', offset_days: 4 }, meal: 'lunch', title: 'Linsensuppe' }],
      ['reminders_create', { text: 'Müll rausbringen', when: { kind: 'relative', offset_days: 0, time: '23:30' } }],
      ['groceries_add', { name: 'Milch', quantity: 2, unit: 'l' }],
    ]) {
      const res = await fetch(`${master.url}/api/tools/${tool}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ arguments: args }),
      });
      if (res.status !== 200) throw new Error(`${tool}: ${res.status} ${await res.text()}`);
    }
    const homeReady = () => {
      const card = document.querySelector('[data-testid="card-next-event"]');
      return (
        !!card &&
        card.textContent.includes('Zahnarzt') &&
        !!document.querySelector('[data-testid="card-open-tasks"] input[type="checkbox"]')
      );
    };
    const blankReady = () => !!document.querySelector('[data-testid="ready"]');
    const app = [];
    const base = [];
    // One warm-up each (Chromium's own first start), then interleaved runs.
    await tti(browser, blank.url, blankReady);
    await tti(browser, master.url, homeReady);
    for (let i = 0; i < RUNS; i++) {
      base.push(await tti(browser, blank.url, blankReady));
      app.push(await tti(browser, master.url, homeReady));
    }
    const a = median(app);
    const b = median(base);
    report(`time to interactive in Chromium (median of ${RUNS}, cold cache)`, [
      ['Home screen with household data', `${a.toFixed(1)} ms`],
      ['blank Vite React page (baseline)', `${b.toFixed(1)} ms`],
      ['ratio (target <= 1.5)', `${(a / b).toFixed(2)}x`],
    ]);

    // A busy month: 300 events over the days ahead, for the month view and the wall display.
    for (let i = 0; i < 300; i++) {
      const hour = String(7 + (i % 13)).padStart(2, '0');
      const res = await fetch(`${master.url}/api/tools/calendar_create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          arguments: { title: `Termin ${i + 1}`, when: { kind: 'relative', offset_days: i % 28, time: `${hour}:00` } },
        }),
      });
      if (res.status !== 200) throw new Error(`calendar_create: ${res.status} ${await res.text()}`);
    }
    const onMonth = () => localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'calendar', mode: 'clean', language: 'de' }));
    const monthReady = () => {
      const month = document.querySelector('[data-testid="month-view"]');
      return !!month && !!month.querySelector('[aria-current="date"]') && month.querySelectorAll('.cal-event').length > 20;
    };
    const wallReady = () => {
      const today = document.querySelector('[data-testid="wall-today"]');
      return !!today && today.querySelectorAll('.day-big-event').length > 0 && !!document.querySelector('[data-testid="wall-week"] li');
    };
    const month = [];
    const wall = [];
    const base2 = [];
    await tti(browser, master.url, monthReady, onMonth);
    await tti(browser, `${master.url}/?wall`, wallReady);
    for (let i = 0; i < RUNS; i++) {
      base2.push(await tti(browser, blank.url, blankReady));
      month.push(await tti(browser, master.url, monthReady, onMonth));
      wall.push(await tti(browser, `${master.url}/?wall`, wallReady));
    }
    const m = median(month);
    const w = median(wall);
    const b2 = median(base2);
    report(`month view and wall display with 300 events (median of ${RUNS}, cold cache)`, [
      ['month view', `${m.toFixed(1)} ms`],
      ['wall display', `${w.toFixed(1)} ms`],
      ['blank Vite React page (baseline)', `${b2.toFixed(1)} ms`],
      ['month ratio (target <= 1.5)', `${(m / b2).toFixed(2)}x`],
      ['wall ratio (target <= 1.5)', `${(w / b2).toFixed(2)}x`],
    ]);
    return [
      { name: 'renderer-home-tti', ratio: a / b, target: 1.5 },
      { name: 'renderer-month-300-tti', ratio: m / b2, target: 1.5 },
      { name: 'renderer-wall-300-tti', ratio: w / b2, target: 1.5 },
    ];
  } finally {
    await browser.close();
    blank.server.close();
    master.child.kill('SIGTERM');
    rmSync(blankDir, { recursive: true, force: true });
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}
