// "Licht im Wohnzimmer an" from the chat route to the stand-in Hue bridge receiving its PUT
// (local intent -> registry -> risk policy -> home.hue skill process -> pinned HTTPS), against
// the same PUT sent straight to the stand-in over a fresh pinned TLS connection in the same
// run. Target: <= 100 ms added (median). The Zuhause toggle (POST /api/tools/<room tool>,
// what the screen's switch sends) against the same baseline: target <= 50 ms added. The home
// pack runs as a long-lived process, so neither pays a process start; a further series
// spawns the skill process per call by hand, to show what that start would cost.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinnedRequest } from '../skills/home/_lib/pinned-https.mjs';
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const skillDir = join(root, 'skills', 'home', 'hue');

export async function run() {
  const mod = await bundleAndImport('home-hue', {
    contents:
      "export { startTestMaster } from './src-main/testing/test-master.ts'; export { startHueBridge, HUE_IDS } from './src-main/testing/hue-bridge.ts';",
  });
  const bridge = await mod.startHueBridge({ lifetimeMs: 600_000 });
  const env = { HUE_BRIDGE_URL: bridge.url, HUE_APPLICATION_KEY: bridge.key, HUE_CERT_FINGERPRINT: bridge.fingerprint };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const tm = await mod.startTestMaster({ ...env, JARVIS_SKILLS_DIR: join(root, 'skills', 'home') });
  let nextPut;
  bridge.onRequest = (r) => {
    if (r.method === 'PUT' && nextPut) {
      nextPut(r.at);
      nextPut = undefined;
    }
  };
  const putArrives = () => new Promise((resolve) => (nextPut = resolve));

  let on = false;
  const viaChat = async () => {
    on = !on;
    const arrived = putArrives();
    const t = performance.now();
    const res = await tm.request('/api/agent/chat', { json: { message: `Licht im Wohnzimmer ${on ? 'an' : 'aus'}` } });
    if (!String(res.json?.reply).startsWith('Wohnzimmer')) throw new Error(`chat did not switch the light: ${res.text}`);
    return (await arrived) - t;
  };
  const viaToggle = async () => {
    on = !on;
    const arrived = putArrives();
    const t = performance.now();
    const res = await tm.request('/api/tools/skill_home_hue_room_set', { json: { arguments: { room: mod.HUE_IDS.livingRoom, on } } });
    if (res.json?.success !== true) throw new Error(`toggle did not switch the room: ${res.text}`);
    return (await arrived) - t;
  };
  const direct = async () => {
    on = !on;
    const arrived = putArrives();
    const t = performance.now();
    const res = await pinnedRequest(`${bridge.url}/clip/v2/resource/grouped_light/${mod.HUE_IDS.livingGroup}`, {
      method: 'PUT',
      headers: { 'hue-application-key': bridge.key },
      body: { on: { on } },
      fingerprint: bridge.fingerprint,
    });
    if (res.status !== 200) throw new Error(`direct PUT failed: ${res.status}`);
    return (await arrived) - t;
  };
  const envelope = (value) =>
    JSON.stringify({
      protocol: 'jarvis.skill.v1',
      request_id: 'bench',
      skill_id: 'home.hue',
      action: 'room_set',
      input: { room: 'Wohnzimmer', on: value },
      context: {},
    });
  const spawned = async () => {
    on = !on;
    const arrived = putArrives();
    const t = performance.now();
    const child = spawn(join(skillDir, 'run'), [], {
      cwd: skillDir,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.stdin.end(envelope(on));
    const at = await arrived;
    await new Promise((r) => child.once('close', r));
    return at - t;
  };

  const bareNode = async () => {
    const t = performance.now();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((r) => child.once('close', r));
    return performance.now() - t;
  };

  try {
    for (let i = 0; i < 5; i++) {
      await direct();
      await spawned();
      await viaChat();
      await viaToggle();
    }
    const chat = [];
    const toggle = [];
    const raw = [];
    const proc = [];
    const bare = [];
    for (let i = 0; i < RUNS; i++) {
      bare.push(await bareNode());
      // Interleaved, so machine noise hits all three alike.
      raw.push(await direct());
      proc.push(await spawned());
      chat.push(await viaChat());
      toggle.push(await viaToggle());
    }
    const c = median(chat);
    const d = median(raw);
    const p = median(proc);
    const b = median(bare);
    const added = c - d;
    const g = median(toggle);
    const toggleAdded = g - d;
    report(`"Licht im Wohnzimmer an": chat route to the bridge's PUT vs a direct PUT (median of ${RUNS})`, [
      ['chat route -> bridge received the PUT', `${c.toFixed(1)} ms (p95 ${percentile(chat, 95).toFixed(1)})`],
      ['direct pinned PUT -> bridge received it', `${d.toFixed(1)} ms (p95 ${percentile(raw, 95).toFixed(1)})`],
      ['added by JARVIS (target <= 100 ms)', `${added.toFixed(1)} ms`],
      ['Zuhause toggle (POST /api/tools) -> PUT', `${g.toFixed(1)} ms (p95 ${percentile(toggle, 95).toFixed(1)})`],
      ['added by the toggle (target <= 50 ms)', `${toggleAdded.toFixed(1)} ms`],
      ['skill process spawned per call by hand -> PUT', `${p.toFixed(1)} ms (start node + name lookup + PUT)`],
      ['what a process per call would cost', `${(p - d).toFixed(1)} ms (saved by the long-lived process)`],
      ['an empty `node -e ""` on this machine now', `${b.toFixed(1)} ms (start and exit of the runtime alone)`],
    ]);
    return [
      { name: 'home-hue-chat-to-bridge-added-vs-100ms', ratio: Math.max(0, added) / 100, target: 1 },
      { name: 'home-hue-toggle-to-bridge-added-vs-50ms', ratio: Math.max(0, toggleAdded) / 50, target: 1 },
    ];
  } finally {
    await tm.close();
    await bridge.close();
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}
