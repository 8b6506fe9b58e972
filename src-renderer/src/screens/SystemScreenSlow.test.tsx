import { act, cleanup, render, screen } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore } from '../testing/reset-store';
import { SystemScreen } from './SystemScreen';

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A fetch whose every answer waits until the test fails them all at once. */
function lateFetch(): { waiting: string[]; failAll: () => void } {
  const waiting: string[] = [];
  const failures: (() => void)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      waiting.push(String(input));
      return new Promise<Response>((_resolve, reject) => failures.push(() => reject(new TypeError('Failed to fetch'))));
    }),
  );
  return { waiting, failAll: () => failures.splice(0).forEach((fail) => fail()) };
}

const nextTurn = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

describe('Wissen & System on a slow master', () => {
  it('shows loading states, never an error, while every request is still on its way', async () => {
    const { waiting } = lateFetch();
    render(<SystemScreen />);
    await nextTurn();
    expect(waiting.length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(screen.queryByText(/JARVIS-Dienst nicht erreichbar/)).toBeNull();
    expect(screen.getAllByText(/Lädt/).length).toBeGreaterThan(0);
  });

  it('says a request failed only once it failed, in the card, with no error boundary', async () => {
    const { failAll } = lateFetch();
    render(<SystemScreen />);
    await nextTurn();
    expect(screen.queryByText(/JARVIS-Dienst nicht erreichbar/)).toBeNull();
    failAll();
    await nextTurn();
    expect(screen.getAllByText(/JARVIS-Dienst nicht erreichbar/).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
