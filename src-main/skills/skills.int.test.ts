import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { SkillsReloadResponse, SkillsResponse } from '../../src-shared';
import { startScriptedOllama } from '../testing/scripted-ollama';
import { activateProposedSkills, decideSkillProposal } from '../testing/skill-proposals';
import { startTestMaster, type TestMaster } from '../testing/test-master';

const repoSkills = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'skills');
let tm: TestMaster | undefined;
afterEach(async () => {
  await tm?.close();
  tm = undefined;
});

async function masterWithSkills(env: Record<string, string> = {}): Promise<TestMaster> {
  tm = await startTestMaster(env);
  const dir = tm.config.skillsDir;
  mkdirSync(dir, { recursive: true });
  cpSync(join(repoSkills, 'demo-text'), join(dir, 'demo-text'), { recursive: true });
  cpSync(join(repoSkills, 'text-brief'), join(dir, 'text-brief'), { recursive: true });
  cpSync(join(repoSkills, 'weather-local'), join(dir, 'python', 'weather-local'), { recursive: true });
  // The shipped 5 s budget is the spec's; a loaded CI machine with a pyenv shim may need longer.
  const weather = join(dir, 'python', 'weather-local', 'skill.json');
  const manifest = JSON.parse(readFileSync(weather, 'utf8')) as { runtime: { timeout_ms: number } };
  writeFileSync(weather, JSON.stringify({ ...manifest, runtime: { ...manifest.runtime, timeout_ms: 30_000 } }));
  mkdirSync(join(dir, 'sleeper'));
  writeFileSync(
    join(dir, 'sleeper', 'skill.json'),
    JSON.stringify({
      protocol: 'jarvis.skill.v1',
      id: 'hostile.sleep',
      name: 'Sleeper',
      version: '1.0.0',
      runtime: { type: 'process', command: './run', timeout_ms: 300 },
      actions: [{ name: 'go', description: 'sleeps', input_schema: { type: 'object' } }],
    }),
  );
  writeFileSync(join(dir, 'sleeper', 'run'), '#!/bin/sh\nexec sleep 1000\n');
  chmodSync(join(dir, 'sleeper', 'run'), 0o755);
  const reload = await tm.request('/api/skills/reload', { method: 'POST' });
  expect(reload.status).toBe(200);
  // Skills that appear while JARVIS runs wait for the household; these tests are about running them.
  const activated = await activateProposedSkills(tm);
  if (env.JARVIS_SKILLS_ENABLED !== 'false')
    expect(activated).toEqual(expect.arrayContaining(['demo.text', 'text-brief', 'weather.local', 'hostile.sleep']));
  return tm;
}

describe('skills on the real master', () => {
  it('GET /api/skills lists skills, actions, provider, source, trust and errors', async () => {
    const t = await masterWithSkills();
    const res = await t.request('/api/skills');
    expect(res.status).toBe(200);
    const body = res.json as SkillsResponse;
    const demo = body.skills.find((s) => s.id === 'demo.text');
    expect(demo).toMatchObject({
      name: 'Demo Text',
      version: '1.0.0',
      provider: 'plugin',
      source: join(t.config.skillsDir, 'demo-text'),
      trust: 'workspace',
      enabled: true,
      errors: [],
    });
    expect(demo?.actions).toContainEqual({
      name: 'count_words',
      tool: 'skill_demo_text_count_words',
      description: expect.any(String),
      mutates: false,
      requires_confirmation: false,
      risk: 'read',
    });
    // weather.local names python3: listed, but not offered without JARVIS_SKILL_ALLOW_SYSTEM_EXEC.
    const weather = body.skills.find((s) => s.id === 'weather.local');
    expect(weather?.enabled).toBe(false);
    expect(weather?.warnings.join()).toContain('JARVIS_SKILL_ALLOW_SYSTEM_EXEC');
    expect(Array.isArray(body.errors)).toBe(true);
    const health = await t.request('/api/health');
    expect(health.json.components.skills.state).toBe('ok');
  });

  it('POST /api/skills/reload picks up a new skill and a broken one without a restart', async () => {
    const t = await masterWithSkills();
    cpSync(join(repoSkills, 'demo-text'), join(t.config.skillsDir, 'demo-copy'), { recursive: true });
    writeFileSync(
      join(t.config.skillsDir, 'demo-copy', 'skill.json'),
      '{"protocol":"jarvis.skill.v1","id":"demo.copy","name":"Copy","version":"1.0.0","runtime":{"type":"process","command":"./run"},"actions":[{"name":"x","description":"x","input_schema":{"type":"object"}}]}',
    );
    mkdirSync(join(t.config.skillsDir, 'broken'));
    writeFileSync(join(t.config.skillsDir, 'broken', 'skill.json'), '{"protocol":"jarvis.skill.v1"}');
    const res = await t.request('/api/skills/reload', { method: 'POST' });
    const report = res.json as SkillsReloadResponse;
    expect(report.added).toEqual(expect.arrayContaining(['demo.copy', 'broken']));
    expect(report.errors).toContainEqual({
      source: join(t.config.skillsDir, 'broken'),
      message: expect.stringContaining('missing the required property'),
    });
    expect(report.proposed).toEqual(['demo.copy']);
    const list = (await t.request('/api/skills')).json as SkillsResponse;
    expect(list.skills.find((s) => s.id === 'demo.copy')).toMatchObject({ enabled: false, activation: { status: 'proposed' } });
    expect(list.skills.find((s) => s.id === 'demo.text')?.enabled).toBe(true);
    expect((await t.request('/api/health')).json.components.skills.state).toBe('degraded');
    await activateProposedSkills(t);
    const after = (await t.request('/api/skills')).json as SkillsResponse;
    expect(after.skills.find((s) => s.id === 'demo.copy')).toMatchObject({ enabled: true, activation: { status: 'activated' } });
  });

  it('a skill that appears or changes while JARVIS runs stays off until the household activates it', async () => {
    const t = await masterWithSkills();
    const dir = join(t.config.skillsDir, 'demo-copy');
    cpSync(join(repoSkills, 'demo-text'), dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'skill.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'skill.json'), JSON.stringify({ ...manifest, id: 'demo.copy' }));
    const reload = (await t.request('/api/skills/reload', { method: 'POST' })).json as SkillsReloadResponse;
    expect(reload.proposed).toEqual(['demo.copy']);
    // Not callable, not offered to the model, not in the catalog: no silent activation.
    expect((await t.request('/api/tools/skill_demo_copy_reverse', { json: { arguments: { text: 'abc' } } })).status).toBe(404);
    expect(t.master.capabilities.skills.service.catalogXml()).not.toContain('demo.copy');
    const held = ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'demo.copy')!;
    expect(held.warnings.join()).toContain('waits until the household activates it');
    const proposals = await t.request('/api/protocol/skill-proposals', {
      headers: { 'jarvis-protocol-version': '0.1.0', 'jarvis-actor-id': 'act_household' },
    });
    expect(proposals.json.proposals).toContainEqual(
      expect.objectContaining({ proposal_id: held.activation!.proposal_id, skill_id: 'demo.copy', change: 'added', status: 'proposed' }),
    );

    // Without the protocol headers nothing is activated.
    const bare = await t.request(`/api/protocol/skill-proposals/${held.activation!.proposal_id}/decision`, {
      json: { decision: 'accept' },
    });
    expect(bare.status).toBe(400);
    expect((await t.request('/api/tools/skill_demo_copy_reverse', { json: { arguments: { text: 'abc' } } })).status).toBe(404);

    expect((await decideSkillProposal(t, held.activation!.proposal_id, 'accept')).status).toBe(200);
    expect((await t.request('/api/tools/skill_demo_copy_reverse', { json: { arguments: { text: 'abc' } } })).json).toMatchObject({
      success: true,
      data: { text: 'cba' },
    });

    // A change to the activated skill is a new proposal; rejecting it keeps the skill off.
    writeFileSync(join(dir, 'README.md'), 'changed\n');
    const second = (await t.request('/api/skills/reload', { method: 'POST' })).json as SkillsReloadResponse;
    expect(second.changed).toEqual([]);
    expect(second.proposed).toEqual(['demo.copy']);
    expect((await t.request('/api/tools/skill_demo_copy_reverse', { json: { arguments: { text: 'abc' } } })).status).toBe(404);
    const changed = ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'demo.copy')!;
    expect(changed.activation?.proposal_id).not.toBe(held.activation!.proposal_id);
    expect((await decideSkillProposal(t, changed.activation!.proposal_id, 'reject')).status).toBe(200);
    const rejected = ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'demo.copy')!;
    expect(rejected).toMatchObject({ enabled: false, activation: { status: 'rejected' } });
    // A decided proposal cannot be decided again.
    expect((await decideSkillProposal(t, changed.activation!.proposal_id, 'accept')).status).toBe(409);
  });

  it('a proposal names the integrations whose secrets the skill would receive, and only those', async () => {
    const t = await masterWithSkills();
    const dir = join(t.config.skillsDir, 'hue-copy');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'skill.json'),
      JSON.stringify({
        protocol: 'jarvis.skill.v1',
        id: 'home.hue',
        name: 'Hue',
        version: '2.0.0',
        // Its own integration's key, and ntfy's, which belongs to another skill.
        runtime: { type: 'process', command: './run', env_from: ['HUE_APPLICATION_KEY', 'NTFY_TOKEN', 'HUE_BRIDGE_URL'] },
        actions: [{ name: 'go', description: 'go', input_schema: { type: 'object' } }],
      }),
    );
    writeFileSync(join(dir, 'run'), '#!/bin/sh\necho {}\n');
    chmodSync(join(dir, 'run'), 0o755);
    await t.request('/api/skills/reload', { method: 'POST' });
    const held = ((await t.request('/api/skills')).json as SkillsResponse).skills.find((s) => s.id === 'home.hue')!;
    expect(held.activation).toMatchObject({ status: 'proposed', integration_secrets: ['Philips Hue'] });
    const proposals = await t.request('/api/protocol/skill-proposals', {
      headers: { 'jarvis-protocol-version': '0.1.0', 'jarvis-actor-id': 'act_household' },
    });
    expect(proposals.json.proposals).toContainEqual(
      expect.objectContaining({ proposal_id: held.activation!.proposal_id, skill_id: 'home.hue', integration_secrets: ['Philips Hue'] }),
    );
    // A skill that receives no integration's secret says nothing about secrets.
    const plain = (
      await t.request('/api/protocol/skill-proposals', {
        headers: { 'jarvis-protocol-version': '0.1.0', 'jarvis-actor-id': 'act_household' },
      })
    ).json.proposals.find((p: { skill_id: string }) => p.skill_id === 'demo.text');
    expect(plain).not.toHaveProperty('integration_secrets');
  });

  it('POST /api/tools/{name} runs plugin actions and pipelines like any other tool', async () => {
    const t = await masterWithSkills();
    const ok = await t.request('/api/tools/skill_demo_text_count_words', { json: { arguments: { text: 'Milch Brot Eier' } } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, data: { words: 3, characters: 15 }, mutated: false });
    const bad = await t.request('/api/tools/skill_demo_text_count_words', { json: { arguments: { text: 5 } } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ success: false, error: { code: 'INVALID_ARGUMENTS', path: '/text' } });
    const hostile = await t.request('/api/tools/skill_hostile_sleep_go', { json: { arguments: {} } });
    expect(hostile.json).toMatchObject({ success: false, error: { code: 'SKILL_TIMEOUT' } });
    const again = await t.request('/api/tools/skill_demo_text_reverse', { json: { arguments: { text: 'abc' } } });
    expect(again.json).toMatchObject({ success: true, data: { text: 'cba' } });
    const pipeline = await t.request('/api/tools/skill_text_brief_run', { json: { arguments: { text: 'eins zwei' } } });
    expect(pipeline.json).toMatchObject({
      success: true,
      data: { result: { words: 2 }, instructions: expect.stringContaining('Nenne zuerst') },
    });
    expect((await t.request('/api/tools/skill_weather_local_forecast', { json: { arguments: { location: 'Berlin' } } })).status).toBe(404);
  });

  it('an env_from value a skill prints on stderr is redacted in EXPORT DEBUG and in the answer to the caller', async () => {
    const secret = 'sk-household-5f3a9c1e7b';
    process.env.SKILL_BOX_API_KEY = secret;
    try {
      const t = await masterWithSkills();
      const dir = join(t.config.skillsDir, 'leaky');
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'skill.json'),
        JSON.stringify({
          protocol: 'jarvis.skill.v1',
          id: 'leaky.key',
          name: 'Leaky',
          version: '1.0.0',
          runtime: { type: 'process', command: './run', env_from: ['SKILL_BOX_API_KEY'] },
          actions: [{ name: 'go', description: 'leaks its key', input_schema: { type: 'object' } }],
        }),
      );
      writeFileSync(join(dir, 'run'), '#!/bin/sh\necho "auth failed for $SKILL_BOX_API_KEY" >&2\nexit 1\n');
      chmodSync(join(dir, 'run'), 0o755);
      await t.request('/api/skills/reload', { method: 'POST' });
      await activateProposedSkills(t);
      const r = await t.request('/api/tools/skill_leaky_key_go', { json: { arguments: {} } });
      expect(r.json).toMatchObject({ success: false, error: { code: 'SKILL_CRASHED' } });
      expect(r.text).toContain('auth failed for [redacted]');
      const exported = await t.request('/api/debug/export');
      expect(exported.text).toContain('auth failed for');
      expect(exported.text).not.toContain(secret);
      expect(r.text).not.toContain(secret);
    } finally {
      delete process.env.SKILL_BOX_API_KEY;
    }
  });

  it('a known secret in a successful tool result is redacted before it reaches /api/tools and MCP clients', async () => {
    const secret = 'sk-household-77d1e0aa42';
    process.env.SKILL_BOX_API_KEY = secret;
    try {
      const t = await masterWithSkills();
      const dir = join(t.config.skillsDir, 'echoing');
      mkdirSync(dir);
      writeFileSync(
        join(dir, 'skill.json'),
        JSON.stringify({
          protocol: 'jarvis.skill.v1',
          id: 'echoing.key',
          name: 'Echoing',
          version: '1.0.0',
          runtime: { type: 'process', command: './run', env_from: ['SKILL_BOX_API_KEY'] },
          actions: [{ name: 'go', description: 'answers with its key', risk: 'read', input_schema: { type: 'object' } }],
        }),
      );
      writeFileSync(
        join(dir, 'run'),
        '#!/bin/sh\ncat >/dev/null\nprintf \'{"success":true,"data":{"key":"%s","note":"used %s"},"message":"key %s"}\' "$SKILL_BOX_API_KEY" "$SKILL_BOX_API_KEY" "$SKILL_BOX_API_KEY"\n',
      );
      chmodSync(join(dir, 'run'), 0o755);
      await t.request('/api/skills/reload', { method: 'POST' });
      await activateProposedSkills(t);
      const r = await t.request('/api/tools/skill_echoing_key_go', { json: { arguments: {} } });
      expect(r.json).toMatchObject({ success: true, data: { key: '[redacted]', note: 'used [redacted]' }, message: 'key [redacted]' });
      expect(r.text).not.toContain(secret);
      // An MCP client asks through /mcp, with its own token: the same cleaned result.
      const minted = await t.request('/api/mcp/tokens', { json: { name: 'Redaction' } });
      expect(minted.status).toBe(201);
      const client = new Client({ name: 'redaction-test', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL('/mcp', t.url), {
          requestInit: { headers: { authorization: `Bearer ${minted.json.token}` } },
        }),
      );
      try {
        const viaMcp = JSON.stringify(await client.callTool({ name: 'skill_echoing_key_go', arguments: {} }));
        expect(viaMcp).toContain('[redacted]');
        expect(viaMcp).not.toContain(secret);
      } finally {
        await client.close();
      }
    } finally {
      delete process.env.SKILL_BOX_API_KEY;
    }
  });

  it('with JARVIS_SKILL_ALLOW_SYSTEM_EXEC=true the spec weather.local answers from its table', async () => {
    const t = await masterWithSkills({ JARVIS_SKILL_ALLOW_SYSTEM_EXEC: 'true' });
    const res = await t.request('/api/tools/skill_weather_local_forecast', { json: { arguments: { location: 'Berlin' } } });
    expect(res.json).toMatchObject({ success: true, data: { summary: expect.stringContaining('Berlin') } });
    const unknown = await t.request('/api/tools/skill_weather_local_forecast', { json: { arguments: { location: 'Atlantis' } } });
    expect(unknown.json).toMatchObject({ success: false, error: { code: 'UNKNOWN_LOCATION' } });
  });

  it('GET /api/skills shows license, compatibility, allowed-tools and metadata, and a shadowed duplicate', async () => {
    const t = await masterWithSkills();
    const pdf =
      '---\nname: pdf\ndescription: PDFs\nlicense: Apache-2.0\ncompatibility: Needs poppler-utils\nallowed-tools: Read Bash(pdftotext:*)\nmetadata:\n  author: example\n---\nUse it.\n';
    mkdirSync(join(t.config.skillsDir, 'collection', 'skills', 'pdf'), { recursive: true });
    writeFileSync(join(t.config.skillsDir, 'collection', 'skills', 'pdf', 'SKILL.md'), pdf);
    mkdirSync(join(t.config.skillsDir, 'zz-copy', 'pdf'), { recursive: true });
    writeFileSync(join(t.config.skillsDir, 'zz-copy', 'pdf', 'SKILL.md'), pdf.replace('PDFs', 'Second copy'));
    await t.request('/api/skills/reload', { method: 'POST' });
    await activateProposedSkills(t);
    const body = (await t.request('/api/skills')).json as SkillsResponse;
    const pdfs = body.skills.filter((s) => s.id === 'pdf');
    expect(pdfs[0]).toMatchObject({
      enabled: true,
      license: 'Apache-2.0',
      compatibility: 'Needs poppler-utils',
      allowed_tools: ['Read', 'Bash(pdftotext:*)'],
      metadata: { author: 'example' },
    });
    expect(pdfs[1]).toMatchObject({ enabled: false, errors: [], shadowed_by: join(t.config.skillsDir, 'collection', 'skills', 'pdf') });
    expect(body.errors.filter((e) => e.source.includes('pdf'))).toEqual([]);
  });

  it('the core tools are listed with provider core next to the plugins', async () => {
    const t = await masterWithSkills();
    const body = (await t.request('/api/skills')).json as SkillsResponse;
    expect(body.skills.find((s) => s.id === 'core.calendar')).toMatchObject({ provider: 'core', trust: 'core' });
  });

  it('the assistant finds the skill catalog as a service', async () => {
    const t = await masterWithSkills();
    const xml = t.master.capabilities.skills.service.catalogXml() ?? '';
    expect(xml).toContain('<skill name="text-brief"');
    expect(xml).toContain('<skill name="demo.text"');
  });

  it('the assistant sends the <available_skills> catalog to the model', async () => {
    const ollama = await startScriptedOllama();
    try {
      const t = await masterWithSkills({ OLLAMA_URL: ollama.url, JARVIS_LOCAL_INTENTS: 'false' });
      ollama.reply({ content: 'Hallo!' });
      const res = await t.request('/api/agent/chat', { json: { message: 'Was kannst du?' } });
      expect(res.json.reply).toBe('Hallo!');
      const system = ollama.chats().at(-1)!.messages[0]!.content;
      expect(system).toContain('<available_skills>');
      expect(system).toContain('<skill name="demo.text"');
    } finally {
      await ollama.close();
    }
  });

  it('JARVIS_SKILLS_ENABLED=false loads nothing', async () => {
    const t = await masterWithSkills({ JARVIS_SKILLS_ENABLED: 'false' });
    const body = (await t.request('/api/skills')).json as SkillsResponse;
    expect(body.skills.filter((s) => s.provider === 'plugin')).toEqual([]);
    expect((await t.request('/api/health')).json.components.skills.state).toBe('off');
  });
});
