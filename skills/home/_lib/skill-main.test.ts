import { describe, expect, it } from 'vitest';
// @ts-expect-error the skill pack is plain JavaScript (no npm dependencies, no build step)
import { describeNetworkError, requireSetting, runEnvelope, SkillError } from './skill-main.mjs';

describe('the home pack entry', () => {
  it('runs the named action and wraps its answer as a jarvis.skill.v1 result', async () => {
    const handlers = { echo: async (input: { text: string }) => ({ data: { text: input.text }, message: 'ok' }) };
    expect(await runEnvelope({ protocol: 'jarvis.skill.v1', action: 'echo', input: { text: 'hi' } }, handlers, {})).toEqual({
      protocol: 'jarvis.skill.v1',
      success: true,
      data: { text: 'hi' },
      message: 'ok',
      mutated: false,
    });
    expect((await runEnvelope({ action: 'toString', input: {} }, handlers, {})).error).toMatchObject({ code: 'UNKNOWN_ACTION' });
  });

  it('reports a SkillError with its code and anything else as TOOL_FAILED', async () => {
    const handlers = {
      refuse: async () => {
        throw new SkillError('NOT_FOUND', 'gibt es nicht');
      },
      crash: async () => {
        throw new TypeError('boom');
      },
    };
    expect((await runEnvelope({ action: 'refuse', input: {} }, handlers, {})).error).toEqual({ code: 'NOT_FOUND', message: 'gibt es nicht' });
    expect((await runEnvelope({ action: 'crash', input: {} }, handlers, {})).error).toEqual({ code: 'TOOL_FAILED', message: 'boom' });
  });

  it('names a missing setting', () => {
    expect(() => requireSetting({ X: ' ' }, 'X', 'Thing')).toThrow(/X is empty/);
    expect(requireSetting({ X: ' v ' }, 'X', 'Thing')).toBe('v');
  });

  it('turns socket failures into codes the screen understands, keeping only the host', () => {
    const err = (code: string, message = code) => Object.assign(new Error(message), { code });
    expect(describeNetworkError(err('ECONNREFUSED'), 'bridge:443')).toMatchObject({ code: 'UNREACHABLE' });
    expect(describeNetworkError(err('EHOSTUNREACH'), 'bridge:443')).toMatchObject({ code: 'UNREACHABLE' });
    expect(describeNetworkError(err('TIMEOUT', 'bridge did not answer within 6000 ms.'), 'bridge:443')).toMatchObject({ code: 'TIMEOUT' });
    expect(describeNetworkError(err('CERT_FINGERPRINT_CHANGED', 'not the pinned one'), 'bridge:443')).toMatchObject({
      code: 'CERT_FINGERPRINT_CHANGED',
    });
  });
});
