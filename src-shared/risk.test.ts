import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_POLICY, decideRisk, type RiskPolicy } from './risk';
import { homeToolRisk } from './home-schemas';

describe('the household risk policy', () => {
  it('runs read and reversible, asks for disruptive and denies security by default', () => {
    expect(decideRisk(DEFAULT_RISK_POLICY, 'calendar_list', 'read')).toEqual({ risk: 'read', decision: 'allow', rule: 'class:read' });
    expect(decideRisk(DEFAULT_RISK_POLICY, 'hue_light_on', 'reversible')).toEqual({
      risk: 'reversible',
      decision: 'allow',
      rule: 'class:reversible',
    });
    expect(decideRisk(DEFAULT_RISK_POLICY, 'proxmox_stop_vm', 'disruptive')).toEqual({
      risk: 'disruptive',
      decision: 'ask',
      rule: 'class:disruptive',
    });
    expect(decideRisk(DEFAULT_RISK_POLICY, 'door_unlock', 'security')).toEqual({
      risk: 'security',
      decision: 'deny',
      rule: 'class:security',
    });
  });

  it('treats an action without a declared class as disruptive', () => {
    expect(decideRisk(DEFAULT_RISK_POLICY, 'skill_x_run', undefined)).toEqual({
      risk: 'disruptive',
      decision: 'ask',
      rule: 'class:disruptive',
    });
  });

  it('a per-action override beats the class, and a class change applies to every action of it', () => {
    const policy: RiskPolicy = {
      classes: { ...DEFAULT_RISK_POLICY.classes, reversible: 'ask' },
      overrides: { door_unlock: 'ask', calendar_delete: 'allow', hue_light_on: 'deny' },
    };
    expect(decideRisk(policy, 'door_unlock', 'security')).toEqual({ risk: 'security', decision: 'ask', rule: 'override:door_unlock' });
    expect(decideRisk(policy, 'calendar_delete', 'disruptive')).toMatchObject({ decision: 'allow', rule: 'override:calendar_delete' });
    expect(decideRisk(policy, 'hue_light_on', 'reversible')).toMatchObject({ decision: 'deny', rule: 'override:hue_light_on' });
    expect(decideRisk(policy, 'tasks_create', 'reversible')).toMatchObject({ decision: 'ask', rule: 'class:reversible' });
    // Object.prototype names are not overrides.
    expect(decideRisk(policy, 'toString', 'read')).toMatchObject({ decision: 'allow', rule: 'class:read' });
  });

  it('classes the core tools: reads read, creates and updates reversible, deletes disruptive', () => {
    expect(homeToolRisk('calendar_list')).toBe('read');
    expect(homeToolRisk('recipes_search')).toBe('read');
    expect(homeToolRisk('system_get_time')).toBe('read');
    expect(homeToolRisk('tasks_create')).toBe('reversible');
    expect(homeToolRisk('kanban_move')).toBe('reversible');
    expect(homeToolRisk('calendar_delete')).toBe('disruptive');
    expect(homeToolRisk('groceries_remove')).toBe('disruptive');
  });
});
