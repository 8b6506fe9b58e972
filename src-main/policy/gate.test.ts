import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_POLICY, declaredRisk, type MemberRole, type RiskClass } from '../../src-shared';
import type { RegisteredTool } from '../platform/registry';
import { decide } from './gate';

const tool = (name: string, risk: RiskClass, provider: RegisteredTool['provider'] = 'core'): RegisteredTool => ({
  name,
  description: name,
  input_schema: { type: 'object' },
  provider,
  mutates: risk !== 'read',
  requires_confirmation: false,
  risk,
  source: 'test',
});
const who = (role: MemberRole, actor: 'user' | 'assistant' | 'mcp' = 'user', extra: { confirmed?: boolean; approved?: boolean } = {}) => ({
  role,
  actor,
  ...extra,
});

describe('decide: one gate over the risk class, the policy and the role', () => {
  it('an admin follows the policy: a disruptive call asks the assistant, runs for a person, security is refused', () => {
    const del = tool('tasks_delete', 'disruptive');
    expect(decide(DEFAULT_RISK_POLICY, del, {}, who('admin', 'assistant')).outcome).toBe('ask');
    expect(decide(DEFAULT_RISK_POLICY, del, {}, who('admin', 'assistant', { confirmed: true })).outcome).toBe('run');
    expect(decide(DEFAULT_RISK_POLICY, del, {}, who('admin', 'user')).outcome).toBe('run');
    expect(decide(DEFAULT_RISK_POLICY, tool('lock', 'security', 'homeassistant'), {}, who('admin')).outcome).toBe('refuse');
  });

  it('a child writes the lists and waits for an admin for anything disruptive, until an admin allowed exactly that call', () => {
    expect(decide(DEFAULT_RISK_POLICY, tool('tasks_create', 'reversible'), {}, who('child')).outcome).toBe('run');
    const wifi = tool('skill_unifi_client_on', 'disruptive', 'plugin');
    expect(decide(DEFAULT_RISK_POLICY, wifi, {}, who('child', 'assistant'))).toMatchObject({
      outcome: 'approve',
      rule: 'role:child:disruptive',
    });
    expect(decide(DEFAULT_RISK_POLICY, wifi, {}, who('child', 'assistant', { approved: true })).outcome).toBe('run');
  });

  it('a guest reads the shared lists and adds groceries; other changes are refused', () => {
    expect(decide(DEFAULT_RISK_POLICY, tool('groceries_list', 'read'), {}, who('guest')).outcome).toBe('run');
    expect(decide(DEFAULT_RISK_POLICY, tool('groceries_add', 'reversible'), {}, who('guest')).outcome).toBe('run');
    expect(decide(DEFAULT_RISK_POLICY, tool('tasks_create', 'reversible'), {}, who('guest')).outcome).toBe('refuse');
    expect(decide(DEFAULT_RISK_POLICY, tool('home_camera_events', 'read', 'plugin'), {}, who('guest')).outcome).toBe('refuse');
  });

  it("no role turns the household's refusal into a run", () => {
    const policy = { ...DEFAULT_RISK_POLICY, overrides: { groceries_add: 'deny' as const } };
    for (const role of ['admin', 'adult', 'child', 'guest'] as const)
      expect(decide(policy, tool('groceries_add', 'reversible'), {}, who(role, 'user', { approved: true })).outcome).toBe('refuse');
  });

  it("a manifest's requires_confirmation declares at least disruptive", () => {
    expect(declaredRisk('read', true)).toBe('disruptive');
    expect(declaredRisk('security', true)).toBe('security');
    expect(declaredRisk('read', false)).toBe('read');
  });

  it('a tool that knows the risk per target is decided by the entity the call reaches, not by its class', () => {
    const byEntity: Record<string, RiskClass> = { 'cover.garage': 'disruptive', 'cover.kinderzimmer': 'reversible' };
    const cover: RegisteredTool = {
      ...tool('homeassistant_cover', 'reversible', 'homeassistant'),
      riskOfCall: (args) => byEntity[String((args as { target?: unknown }).target)],
    };
    expect(decide(DEFAULT_RISK_POLICY, cover, { target: 'cover.garage' }, who('admin', 'assistant'))).toMatchObject({
      outcome: 'ask',
      risk: 'disruptive',
    });
    expect(decide(DEFAULT_RISK_POLICY, cover, { target: 'cover.kinderzimmer' }, who('admin', 'assistant')).outcome).toBe('run');
    // A target the tool does not know keeps the tool's class.
    expect(decide(DEFAULT_RISK_POLICY, cover, { target: 'nichts' }, who('admin', 'assistant'))).toMatchObject({
      outcome: 'run',
      risk: 'reversible',
    });
    // The role rules see the entity's risk too: a child waits for an admin for the garage door.
    expect(decide(DEFAULT_RISK_POLICY, cover, { target: 'cover.garage' }, who('child', 'user')).outcome).toBe('approve');
    // The household's per-tool decision still holds over every entity.
    const denied = { ...DEFAULT_RISK_POLICY, overrides: { homeassistant_cover: 'deny' as const } };
    expect(decide(denied, cover, { target: 'cover.kinderzimmer' }, who('admin')).outcome).toBe('refuse');
  });
});
