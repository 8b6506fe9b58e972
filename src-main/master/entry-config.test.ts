import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryConfig } from './entry-config';

describe('the configuration for jarvis serve and jarvis mcp', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what is wrong on stderr and gives nothing to start with', () => {
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => said.push(String(chunk)) > 0);
    expect(entryConfig({ JARVIS_TIMEZONE: 'not a zone!' })).toBeUndefined();
    expect(said.join('')).toContain('JARVIS_TIMEZONE');
  });

  it('gives the configuration when it is right', () => {
    expect(entryConfig({ JARVIS_TIMEZONE: 'Europe/Berlin' })?.timezone).toBe('Europe/Berlin');
  });
});
