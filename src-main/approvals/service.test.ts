import { describe, expect, it } from 'vitest';
import { toolSuccess, type GateDecision } from '../../src-shared';
import { openDatabase } from '../platform/database';
import { SkillRegistry, type RegisteredTool } from '../platform/registry';
import type { ProtocolRecorder } from '../protocol';
import { ApprovalService, type ApprovalMember, type ApprovalMessage } from './service';
import { ApprovalStore } from './store';

const family: ApprovalMember[] = [
  { id: 'mem_mama', name: 'Mama', role: 'admin', language: 'de' },
  { id: 'mem_dad', name: 'Dad', role: 'admin', language: 'en' },
  { id: 'mem_lena', name: 'Lena', role: 'child', language: 'de' },
];

const tool: RegisteredTool = {
  name: 'skill_home_proxmox_stop',
  description: 'Schaltet eine VM sofort aus.',
  input_schema: { type: 'object', properties: { guest: { type: 'string' } } },
  provider: 'plugin',
  mutates: true,
  requires_confirmation: false,
  risk: 'disruptive',
  source: 'test',
};
const approve: GateDecision = { outcome: 'approve', risk: 'disruptive', rule: 'role:child:disruptive', role: 'child' };

/** Records what the protocol was asked to write, in order. */
function fakeRecorder(log: string[]): ProtocolRecorder {
  return {
    batch: <T>(fn: () => T) => fn(),
    beginSession: (traceId: string) => (log.push(`session ${traceId}`), `ws_${traceId}`),
    decide: () => (log.push('decision'), { decisionId: 'dec_1', outcome: 'require_review', reason: '' }),
    block: (_s: string, _d: string, summary: string) => (log.push(`request ${summary}`), 'req_1'),
    review: (_s: string, _r: string, ok: boolean, by?: string, comment?: string) =>
      log.push(`review ${ok} ${by ?? 'household'} ${comment ?? ''}`.trim()),
    memberActor: (id: string) => `act_member_${id}`,
    contribute: (_s: string, _d: string, _k: string, summary: string) => log.push(`contribution ${summary}`),
    finish: (_s: string, outcome: string) => log.push(`finish ${outcome}`),
  } as unknown as ProtocolRecorder;
}

function bed(ttlMs = 30 * 60_000) {
  let now = Date.parse('2026-12-02T16:00:00Z');
  const store = new ApprovalStore(openDatabase(':memory:'));
  const registry = new SkillRegistry();
  const ran: unknown[] = [];
  registry.addProvider({
    kind: 'plugin',
    list: () => [tool],
    call: async (_n, args) => (ran.push(args), toolSuccess({}, 'VM aus.', true)),
  });
  const told: { to: string; message: ApprovalMessage }[] = [];
  const log: string[] = [];
  const events: string[] = [];
  const service = new ApprovalService({
    store,
    registry,
    members: { list: () => family, get: (id) => family.find((m) => m.id === id), desktopMember: () => family[0]! },
    notifier: { tell: async (to, message) => void told.push({ to, message }) },
    recorder: fakeRecorder(log),
    publish: (...[, data]) => void events.push(String((data as { status?: string } | undefined)?.status)),
    clock: () => new Date(now),
    timezone: 'Europe/Berlin',
    ttlMs,
    language: 'de',
    onAuditError: (op, err) => {
      throw new Error(`${op}: ${String(err)}`);
    },
  });
  const ctx = { traceId: 't', now: new Date(now), timezone: 'Europe/Berlin', actor: 'user' as const, member: 'mem_lena' };
  return { store, service, ran, told, log, events, ctx, advance: (ms: number) => (now += ms) };
}

describe('the approval store', () => {
  it('moves a request out of waiting exactly once', () => {
    const store = new ApprovalStore(openDatabase(':memory:'));
    store.add({
      id: 'apr_1',
      tool: 't',
      arguments: { a: 1 },
      actor: 'user',
      askerId: 'mem_lena',
      what: { de: 'x', en: 'y' },
      createdMs: 1,
      expiresMs: 10,
      sessionId: null,
      requestId: null,
      decisionId: null,
    });
    expect(store.overdue(9)).toEqual([]);
    expect(store.overdue(10).map((a) => a.id)).toEqual(['apr_1']);
    expect(store.decide('apr_1', 'allowed', 'mem_mama', 5)).toBe(true);
    expect(store.decide('apr_1', 'refused', 'mem_mama', 6)).toBe(false);
    expect(store.decide('apr_1', 'expired', null, 11)).toBe(false);
    expect(store.get('apr_1')).toMatchObject({ status: 'allowed', reviewerId: 'mem_mama', decidedMs: 5, arguments: { a: 1 } });
    expect(store.overdue(100)).toEqual([]);
  });
});

describe('the approval service', () => {
  it('holds a call, tells each admin in their language, and records session, decision and request', async () => {
    const b = bed();
    const held = b.service.hold(tool, { guest: 'minecraft' }, b.ctx, approve);
    expect(held).toMatchObject({ success: false, error: { code: 'APPROVAL_REQUIRED' }, mutated: false });
    await b.service.idle();
    expect(b.told.map((t) => [t.to, t.message.push.body, t.message.push.actions])).toEqual([
      ['mem_mama', 'Lena möchte: Server minecraft sofort ausschalten', { allow: 'Erlauben', refuse: 'Ablehnen' }],
      ['mem_dad', 'Lena asks: Switch server minecraft off at once', { allow: 'Allow', refuse: 'Refuse' }],
    ]);
    expect(b.log).toEqual([
      expect.stringMatching(/^session approval_apr_/),
      'decision',
      'request Lena (Kind) bittet um die Freigabe eines Verwalters: Server minecraft sofort ausschalten',
    ]);
    expect(b.ran).toEqual([]);
  });

  it('only an admin reviews; a second allow runs nothing', async () => {
    const b = bed();
    const id = (b.service.hold(tool, { guest: 'vm1' }, b.ctx, approve).data as { approval: { id: string } }).approval.id;
    await expect(b.service.allow(id, 'mem_lena')).rejects.toMatchObject({ code: 'ADMIN_ONLY' });
    expect((await b.service.allow(id, 'mem_dad')).changed).toBe(true);
    expect((await b.service.allow(id, 'mem_mama')).changed).toBe(false);
    expect(b.service.refuse(id, 'mem_mama').changed).toBe(false);
    expect(b.ran).toEqual([{ guest: 'vm1' }]);
    expect(b.log.slice(3)).toEqual(['review true act_member_mem_dad', 'contribution VM aus.', 'finish completed']);
    await b.service.idle();
    expect(b.told.at(-1)).toMatchObject({
      to: 'mem_lena',
      message: { push: { title: 'Erlaubt', body: 'Dad hat es erlaubt: Server vm1 sofort ausschalten. VM aus.' } },
    });
  });

  it('expires a request once its time is up, tells the asker, and never runs it', async () => {
    const b = bed(60_000);
    const id = (b.service.hold(tool, { guest: 'vm1' }, b.ctx, approve).data as { approval: { id: string } }).approval.id;
    b.advance(59_999);
    expect(b.service.expireOverdue()).toBe(0);
    b.advance(1);
    expect(b.service.expireOverdue()).toBe(1);
    expect(b.service.expireOverdue()).toBe(0);
    expect(b.service.get(id)).toMatchObject({ status: 'expired', reviewer_id: null });
    expect((await b.service.allow(id, 'mem_mama')).changed).toBe(false);
    expect(b.ran).toEqual([]);
    expect(b.events).toEqual(['waiting', 'expired']);
    expect(b.log.slice(3)).toEqual(['review false household Abgelaufen: kein Verwalter hat rechtzeitig geantwortet.', 'finish cancelled']);
    await b.service.idle();
    expect(b.told.at(-1)).toMatchObject({
      to: 'mem_lena',
      message: { push: { title: 'Keine Antwort', approval: { id, status: 'expired' } } },
    });
  });

  it('lists every request for an admin and only their own for anyone else', () => {
    const b = bed();
    b.service.hold(tool, { guest: 'vm1' }, b.ctx, approve);
    b.service.hold(tool, { guest: 'vm2' }, { ...b.ctx, member: 'mem_dad' }, approve);
    expect(b.service.list('mem_mama')).toMatchObject({ may_review: true, approvals: [{}, {}] });
    expect(b.service.list('mem_lena')).toMatchObject({ may_review: false, approvals: [{ asker_id: 'mem_lena' }] });
  });
});
