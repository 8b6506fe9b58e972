import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore } from '../testing/reset-store';
import { SystemScreen } from './SystemScreen';

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wissen & System on a slow master', () => {
  it('shows loading states, never an error, while every request is still on its way', async () => {
    const waiting: string[] = [];
    // Every answer is late: none arrives while the test looks.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) => {
        waiting.push(String(input));
        return new Promise<Response>(() => {});
      }),
    );
    render(<SystemScreen />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(waiting.length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(screen.getAllByText(/Lädt/).length).toBeGreaterThan(0);
  });
});
