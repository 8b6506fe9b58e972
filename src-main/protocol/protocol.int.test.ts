import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../src-shared';
import { verifyFile } from '../cli/commands/protocol';
import { runCli } from '../cli/program';
import { startTestMaster, type TestMaster } from '../testing/test-master';
import { HOST_IDS } from './service';

let t: TestMaster | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function headers(actor: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'jarvis-protocol-version': PROTOCOL_VERSION,
    'jarvis-actor-id': actor,
    'jarvis-idempotency-key': randomUUID(),
    'jarvis-request-timestamp': new Date().toISOString(),
    ...extra,
  };
}

async function sessionHeaders(id: string, actor: string): Promise<Record<string, string>> {
  const view = (await t!.request(`/api/protocol/sessions/${id}`, { headers: headers(actor) })).json;
  return headers(actor, {
    'jarvis-expected-worksession-revision': String(view.session.revision),
    'jarvis-previous-event-hash': view.session.last_event_hash,
  });
}

describe('/api/protocol over HTTP', () => {
  it('validates the mutation header contract', async () => {
    t = await startTestMaster();
    const body = { work_session_id: 'ws_h', policy_id: HOST_IDS.householdPolicy, goal: 'Test' };
    const noVersion = headers(HOST_IDS.assistant);
    delete noVersion['jarvis-protocol-version'];
    expect((await t.request('/api/protocol/sessions', { json: body, headers: noVersion })).json.error.code).toBe('MISSING_HEADER');
    const oldVersion = await t.request('/api/protocol/sessions', {
      json: body,
      headers: headers(HOST_IDS.assistant, { 'jarvis-protocol-version': '9.9' }),
    });
    expect(oldVersion.status).toBe(400);
    expect(oldVersion.json.error.code).toBe('UNSUPPORTED_PROTOCOL_VERSION');
    const oldTime = await t.request('/api/protocol/sessions', {
      json: body,
      headers: headers(HOST_IDS.assistant, { 'jarvis-request-timestamp': '2001-01-01T00:00:00Z' }),
    });
    expect(oldTime.json.error.code).toBe('INVALID_HEADER');
    const created = await t.request('/api/protocol/sessions', { json: body, headers: headers(HOST_IDS.assistant) });
    expect(created.status).toBe(201);
    // A WorkSession-scoped mutation without the revision headers is refused.
    const scoped = await t.request('/api/protocol/sessions/ws_h/decisions', {
      json: { decision_id: 'd', tool: 'calendar_list', arguments: {} },
      headers: headers(HOST_IDS.assistant),
    });
    expect(scoped.status).toBe(400);
    expect(scoped.json.error.code).toBe('MISSING_HEADER');
    const ok = await t.request('/api/protocol/sessions/ws_h/decisions', {
      json: { decision_id: 'd', tool: 'calendar_list', arguments: {} },
      headers: await sessionHeaders('ws_h', HOST_IDS.assistant),
    });
    expect(ok.status).toBe(201);
    expect((await t.request('/api/protocol/verify', { headers: headers(HOST_IDS.household) })).json).toMatchObject({
      ok: true,
      events_checked: 2,
    });
    expect((await t.request('/api/protocol/verify')).json.error.code).toBe('MISSING_HEADER');
  });

  it('replays an idempotent request with the same answer and a replay marker', async () => {
    t = await startTestMaster();
    const h = headers(HOST_IDS.assistant);
    const body = { work_session_id: 'ws_i', policy_id: HOST_IDS.householdPolicy, goal: 'Test' };
    const first = await t.request('/api/protocol/sessions', { json: body, headers: h });
    const second = await t.request('/api/protocol/sessions', { json: body, headers: h });
    expect(second.status).toBe(first.status);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('jarvis-idempotent-replay')).toBe('true');
    const reused = await t.request('/api/protocol/sessions', { json: { ...body, goal: 'other' }, headers: h });
    expect(reused.status).toBe(422);
    expect(reused.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a fresh database whose master stopped before any request verifies, its end signed by the key beside it', async () => {
    t = await startTestMaster();
    await t.host.master.stop();
    expect(verifyFile(t.config.dataFile)).toMatchObject({ ok: true, events_checked: 0 });
    expect(existsSync(join(t.dataDir, 'protocol-signing-key.pem'))).toBe(true);
  });

  it('`jarvis protocol verify` checks a database and an export, and finds a tampered event', async () => {
    t = await startTestMaster();
    await t.request('/api/protocol/sessions', {
      json: { work_session_id: 'ws_v', policy_id: HOST_IDS.householdPolicy, goal: 'Test' },
      headers: headers(HOST_IDS.assistant),
    });
    await t.request('/api/protocol/sessions/ws_v/decisions', {
      json: { decision_id: 'd', tool: 'calendar_list', arguments: {} },
      headers: await sessionHeaders('ws_v', HOST_IDS.assistant),
    });
    expect(verifyFile(t.config.dataFile)).toMatchObject({ ok: true, events_checked: 2 });

    const exported = (await t.request('/api/protocol/export', { headers: headers(HOST_IDS.household) })).json;
    const file = join(t.dataDir, 'export.json');
    writeFileSync(file, JSON.stringify(exported));
    expect(await runCli(['protocol', 'verify', file])).toBe(0);

    exported.events[1].payload = { tool: 'calendar_delete', outcome: 'allow' };
    writeFileSync(file, JSON.stringify(exported));
    expect(verifyFile(file).first_broken).toMatchObject({ work_session_id: 'ws_v', revision: 2 });
    expect(await runCli(['protocol', 'verify', file])).toBe(1);
    expect(await runCli(['protocol', 'verify', join(t.dataDir, 'missing.json')])).toBe(2);
  });
});
