import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent, MeshWorkersResponse } from '../../src-shared';
import { startScriptedOllama, type ChatRequestBody, type ScriptedOllama } from '../testing/scripted-ollama';
import { activateRemoteSkills } from '../testing/skill-proposals';
import { buildWorkerBundle, eventually, startWorker, type RunningWorker } from '../testing/skill-worker';
import { startTestMaster, type TestMaster } from '../testing/test-master';

// The specification's weather example: the weather skill runs on a Python worker (it starts
// python3, so it needs system exec there) and the assistant, with a model scripted in Ollama's
// /api/chat wire format (https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion),
// runs the skill first and then, because the forecast says rain, the calendar tool.

const TOKEN = 'weather-example-enrollment-token-0123456789';
const WEATHER_TOOL = 'skill_weather_local_forecast';
const repoSkills = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills');

let tm: TestMaster | undefined;
let ollama: ScriptedOllama | undefined;
let worker: RunningWorker | undefined;
let skillsDir: string | undefined;
beforeAll(() => buildWorkerBundle(), 120_000);
afterEach(async () => {
  await worker?.stop('SIGKILL');
  await tm?.close();
  await ollama?.close();
  if (skillsDir) rmSync(skillsDir, { recursive: true, force: true });
  tm = ollama = worker = skillsDir = undefined;
});

function lastToolResult(request: ChatRequestBody): { success: boolean; data?: { summary?: string } } {
  const tool = [...request.messages].reverse().find((m) => m.role === 'tool');
  return JSON.parse(tool!.content) as { success: boolean; data?: { summary?: string } };
}

/** The model's second step, from the forecast it got: rain means an umbrella entry tomorrow. */
function umbrellaIfRain(request: ChatRequestBody) {
  const forecast = lastToolResult(request).data?.summary ?? '';
  if (!/Schauer|Regen/.test(forecast)) return { content: `Morgen: ${forecast} Kein Regen, also kein Regenschirm.` };
  return {
    tool_calls: [
      { name: 'calendar_create', arguments: { title: 'Regenschirm', when: { kind: 'relative', offset_days: 1, time: '07:30' } } },
    ],
  };
}

async function weatherOnWorker(): Promise<TestMaster> {
  ollama = await startScriptedOllama();
  tm = await startTestMaster({
    OLLAMA_URL: ollama.url,
    JARVIS_LOCAL_INTENTS: 'false',
    JARVIS_MESH_ENROLLMENT_TOKEN: TOKEN,
    JARVIS_MESH_LEASE_MS: '10000',
    JARVIS_MESH_HEARTBEAT_MS: '300',
  });
  skillsDir = mkdtempSync(join(tmpdir(), 'jarvis-weather-worker-'));
  cpSync(join(repoSkills, 'weather-local'), join(skillsDir, 'weather-local'), { recursive: true });
  worker = await startWorker({ masterUrl: tm.meshUrl!, token: TOKEN, runtime: 'python', name: 'python-wetter', skillsDir });
  const t = tm;
  await eventually(
    async () => ((await t.request('/api/mesh/workers')).json as MeshWorkersResponse).workers.some((w) => w.skills.length > 0),
    20_000,
    'the worker and its weather skill',
  );
  await activateRemoteSkills(t, ['weather.local']);
  return t;
}

async function eventsOf(t: TestMaster): Promise<CalendarEvent[]> {
  return (await t.request('/api/calendar')).json.data.events as CalendarEvent[];
}

describe('the weather example of the specification', () => {
  it('"Wie wird das Wetter morgen? Wenn es regnet, trag Regenschirm ein" runs the worker’s weather skill, then the calendar tool', async () => {
    const t = await weatherOnWorker();
    expect(t.master.platform.registry.get(WEATHER_TOOL)?.provider).toBe('remote');
    ollama!.reply(
      (req) => {
        // The skill's tool is offered to the model like any other.
        expect(req.tools?.some((x) => x.function.name === WEATHER_TOOL)).toBe(true);
        return { tool_calls: [{ name: WEATHER_TOOL, arguments: { location: 'Hamburg' } }] };
      },
      umbrellaIfRain,
      { content: 'Morgen gibt es Schauer in Hamburg – ich habe dir „Regenschirm“ für morgen früh eingetragen.' },
    );
    const res = await t.request('/api/agent/chat', {
      json: { message: 'Wie wird das Wetter morgen? Wenn es regnet, trag Regenschirm ein' },
    });
    expect(res.status).toBe(200);
    expect(res.json.source).toBe('model');
    expect(res.json.tool_calls.map((c: { tool: string; result: { success: boolean } }) => [c.tool, c.result.success])).toEqual([
      [WEATHER_TOOL, true],
      ['calendar_create', true],
    ]);
    expect(res.json.tool_calls[0].result.data.summary).toContain('Schauern');
    expect((await eventsOf(t)).map((e) => e.title)).toEqual(['Regenschirm']);
  });

  it('a dry forecast runs the skill and leaves the calendar as it is', async () => {
    const t = await weatherOnWorker();
    ollama!.reply({ tool_calls: [{ name: WEATHER_TOOL, arguments: { location: 'Berlin' } }] }, umbrellaIfRain);
    const res = await t.request('/api/agent/chat', {
      json: { message: 'Wie wird das Wetter morgen? Wenn es regnet, trag Regenschirm ein' },
    });
    expect(res.json.tool_calls.map((c: { tool: string }) => c.tool)).toEqual([WEATHER_TOOL]);
    expect(res.json.reply).toContain('kein Regenschirm');
    expect(await eventsOf(t)).toEqual([]);
  });
});
