import { describe, expect, it } from 'vitest';
import { basicPassword, newAppPassword } from './app-passwords';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('app passwords', () => {
  it('are five groups of four unambiguous letters, different each time', () => {
    const a = newAppPassword();
    expect(a).toMatch(/^[a-hjkmnp-z2-8]{4}(-[a-hjkmnp-z2-8]{4}){4}$/);
    expect(newAppPassword()).not.toBe(a);
  });

  it('are read from a Basic header whatever the user name, case and surrounding spaces', () => {
    expect(basicPassword(basic('anna', 'abcd-efgh'))).toBe('abcd-efgh');
    expect(basicPassword(basic('', ' Abcd-efgh '))).toBe('abcd-efgh');
    expect(basicPassword(basic('a:b', 'x'))).toBe('b:x');
  });

  it('refuse headers that are not Basic, have no password or are oversized', () => {
    expect(basicPassword(undefined)).toBeUndefined();
    expect(basicPassword('Bearer abc')).toBeUndefined();
    expect(basicPassword(`Basic ${Buffer.from('nocolon').toString('base64')}`)).toBeUndefined();
    expect(basicPassword(basic('anna', ''))).toBeUndefined();
    expect(basicPassword(`Basic ${'A'.repeat(2000)}`)).toBeUndefined();
    expect(basicPassword(['Basic a', 'Basic b'])).toBeUndefined();
  });
});
