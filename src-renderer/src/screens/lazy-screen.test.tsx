import { cleanup, fireEvent, render, screen } from '../testing/library';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { resetStore } from '../testing/reset-store';
import { lazyScreen } from './lazy-screen';

function Shown({ view: View }: { view: React.ComponentType }) {
  return (
    <ErrorBoundary label="Kalender">
      <Suspense fallback={<p role="status">Lädt…</p>}>
        <View />
      </Suspense>
    </ErrorBoundary>
  );
}

beforeEach(resetStore);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('lazy screens', () => {
  it('show the fallback until their code is in, and download it once', async () => {
    let resolve!: (c: React.ComponentType) => void;
    const load = vi.fn(() => new Promise<React.ComponentType>((r) => (resolve = r)));
    const lazy = lazyScreen(load);
    render(<Shown view={lazy.View} />);
    expect(screen.getByRole('status').textContent).toBe('Lädt…');
    resolve(() => <p>Woche</p>);
    expect(await screen.findByText('Woche')).toBeTruthy();
    await lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('open without a fallback frame once preloaded', async () => {
    const lazy = lazyScreen(async () => () => <p>Woche</p>);
    await lazy.preload();
    render(<Shown view={lazy.View} />);
    expect(screen.getByText('Woche')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('whose code fails to download show the error in their boundary with a reload button', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const lazy = lazyScreen(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/CalendarScreen-x.js')),
    );
    await lazy.preload(); // a failed preload does not reject: the screen shows the failure when opened
    render(<Shown view={lazy.View} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kalender: konnte nicht angezeigt werden');
    expect(alert.textContent).toContain('Failed to fetch dynamically imported module');
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
