import { describe, expect, it } from 'vitest';
import { cacheRuleFor, stateDomainsOf } from './shell-cache';

const origin = 'https://jarvis.local:8443';
const rule = (path: string, method = 'GET', navigate = false) => cacheRuleFor(method, new URL(path, origin), origin, navigate);

describe('what the service worker keeps for offline use', () => {
  it('the page and the last household state from the network first, hashed build files from the cache', () => {
    expect(rule('/', 'GET', true)).toBe('network-first');
    expect(rule('/?reminder=rem_1', 'GET', true)).toBe('network-first');
    expect(rule('/api/state')).toBe('network-first');
    expect(rule('/assets/index-abc123.js')).toBe('cache-first');
    expect(rule('/icons/icon-192.png')).toBe('network-first');
  });

  it('never answers writes, the event stream, other API reads or other sites from a cache', () => {
    expect(rule('/api/tools/groceries_add', 'POST')).toBe('network-only');
    expect(rule('/api/events')).toBe('network-only');
    expect(rule('/api/health')).toBe('network-only');
    expect(rule('/api/state?x=1')).toBe('network-only');
    expect(rule('/sw.js')).toBe('network-only');
    expect(cacheRuleFor('GET', new URL('https://cdn.example.com/a.js'), origin, false)).toBe('network-only');
  });

  it('merges a partial household state into the kept one, and only a well-formed one', () => {
    expect(rule('/api/state?domains=tasks%2Ckanban')).toBe('merge-state');
    expect(stateDomainsOf(new URL('/api/state?domains=tasks,kanban', origin))).toEqual(['tasks', 'kanban']);
    expect(rule('/api/state?domains=weather')).toBe('network-only');
    expect(rule('/api/state?domains=tasks&x=1')).toBe('network-only');
    expect(rule('/api/state?domains=tasks', 'POST')).toBe('network-only');
  });
});
