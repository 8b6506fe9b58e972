import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { SkillRegistry } from '../platform/registry';
import { Tracer } from '../platform/trace';
import { ProtocolRecorder } from '../protocol';
import { countedProtocol } from '../testing/counted-protocol';
import { MemoryHomeProvider } from '../testing/memory-home-provider';
import { Assistant } from './assistant';
import { NO_COLLABORATORS } from './no-collaborators';
import { protocolAudit } from './audit';
import { OllamaConnection } from './ollama-connection';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'jarvis-audit-'));
  dirs.push(dir);
  const { db, protocol, commits } = countedProtocol(dir);
  const errors: string[] = [];
  const config = loadConfig({ OLLAMA_URL: 'http://127.0.0.1:9', JARVIS_LOCAL_INTENTS: 'true' });
  const clock = () => new Date();
  const registry = new SkillRegistry();
  const home = new MemoryHomeProvider();
  registry.addProvider(home);
  const assistant = new Assistant({
    ...NO_COLLABORATORS,
    config,
    clock,
    registry,
    tracer: new Tracer({ enabled: false, limit: 10, now: clock }),
    ollama: new OllamaConnection(config, clock),
    audit: protocolAudit(new ProtocolRecorder(protocol), (op, err) => errors.push(`${op}: ${String(err)}`)),
  });
  // From here on: building the assistant is not a request's commit either.
  commits.length = 0;
  return { db, protocol, assistant, home, errors, commits };
}

describe('protocol audit of a chat request', () => {
  it('writes one sentence request in two commits: before the tool call (not waiting for the disk) and one durable after it', async () => {
    const t = setup();
    const { commits } = t;
    const res = await t.assistant.chat({ message: 'Füge Eier zur Einkaufsliste hinzu' });
    expect(res.tool_calls[0]!.result.success).toBe(true);
    expect(t.errors).toEqual([]);
    // FULL = 2, NORMAL = 1 (no fsync at that commit).
    expect(commits).toEqual([1, 2]);
    const session = t.protocol.sessions()[0]!;
    expect(t.protocol.session(session.work_session_id)!.events.map((e) => e.type)).toEqual([
      'work_session.created',
      'policy_decision.recorded',
      'contribution.recorded',
      'work_session.completed',
      'outcome.reported',
      'work_session.sealed',
    ]);
    expect(t.protocol.verify().ok).toBe(true);
  });

  it('the decision is committed before the tool runs', async () => {
    const t = setup();
    const { commits } = t;
    let before = -1;
    const call = t.home.call.bind(t.home);
    t.home.call = (async (...args: Parameters<typeof call>) => {
      before = commits.length;
      return call(...args);
    }) as typeof call;
    await t.assistant.chat({ message: 'Füge Milch zur Einkaufsliste hinzu' });
    expect(before).toBe(1);
    const decisions = t.protocol.list('PolicyDecision');
    expect(decisions).toHaveLength(1);
  });

  it('stores no idempotency rows for the host’s own records', async () => {
    const t = setup();
    await t.assistant.chat({ message: 'Füge Eier zur Einkaufsliste hinzu' });
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM protocol_idempotency').get()).toEqual({ n: 0 });
  });
});
