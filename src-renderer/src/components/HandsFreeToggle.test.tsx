import { act, cleanup, fireEvent, render, screen } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { resetStore } from '../testing/reset-store';
import { voiceStatusFixture } from '../testing/wire-fixtures';
import { HandsFreeToggle } from './HandsFreeToggle';

const status = (enabled: boolean) => ({
  status: 'ready' as const,
  data: voiceStatusFixture({ hands_free: { enabled, wake_word: 'jarvis' } }),
});

beforeEach(resetStore);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('hands-free toggle', () => {
  it('is not offered while the master runs without hands-free mode', () => {
    useStore.setState({ voiceStatus: status(false) });
    render(<HandsFreeToggle />);
    expect(screen.queryByRole('button', { name: 'Freihändig' })).toBeNull();
  });

  it('is a "Freihändig" switch when the status says hands-free is on, and starts listening', () => {
    const toggle = vi.fn(async () => undefined);
    useStore.setState({ voiceStatus: status(true), toggleHandsFree: toggle });
    render(<HandsFreeToggle />);
    const button = screen.getByRole('button', { name: 'Freihändig' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('hands-free-indicator')).toBeNull();
    fireEvent.click(button);
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('shows a clear indicator while listening: waiting for the wake word, hearing, processing', () => {
    useStore.setState({ voiceStatus: status(true), handsFree: 'on' });
    render(<HandsFreeToggle />);
    expect(screen.getByRole('button', { name: 'Freihändig' }).getAttribute('aria-pressed')).toBe('true');
    const indicator = screen.getByRole('status');
    expect(indicator.textContent).toBe('Hört zu – sag „Jarvis“…');
    act(() => useStore.setState({ handsFreeHearing: true }));
    expect(indicator.textContent).toBe('Hört dich…');
    act(() => useStore.setState({ handsFreePending: 1 }));
    expect(indicator.textContent).toBe('Verarbeitet…');
  });

  it('speaks English when the UI does', async () => {
    useStore.setState({ voiceStatus: status(true), handsFree: 'on', language: 'en' });
    await applyLanguage('en');
    render(<HandsFreeToggle />);
    expect(screen.getByRole('button', { name: 'Hands-free' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Listening – say “Jarvis”…');
  });

  it('stays switchable off while listening even when the master stops offering it', () => {
    useStore.setState({ voiceStatus: status(false), handsFree: 'on' });
    render(<HandsFreeToggle />);
    expect(screen.getByRole('button', { name: 'Freihändig' }).getAttribute('aria-pressed')).toBe('true');
  });
});
