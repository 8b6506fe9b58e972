import { cleanup, fireEvent, render, screen, within } from './testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { useStore } from './store';
import { fakeApi, json } from './testing/fake-api';
import { homeFixture } from './testing/home-fixture';
import { resetStore } from './testing/reset-store';

beforeEach(() => {
  resetStore();
  fakeApi({ 'GET /api/health': () => json({ ok: true, version: '1.2.3', components: {} }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('App shell', () => {
  it('shows the navigation and the connection state from /api/health', async () => {
    render(<App />);
    await useStore.getState().loadHealth();
    expect(screen.getByRole('navigation', { name: 'Bereiche' })).toBeTruthy();
    expect(await screen.findByText('verbunden · v1.2.3')).toBeTruthy();
  });

  it('switches screens and remembers the screen, design mode and language', async () => {
    render(<App />);
    fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name: 'Kalender' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kalender');
    fireEvent.click(screen.getByRole('button', { name: 'JARVIS' }));
    expect(screen.getByTestId('app-shell').className).toContain('mode-hud');
    fireEvent.click(within(screen.getByRole('group', { name: 'Sprache' })).getByRole('button', { name: 'EN' }));
    expect(JSON.parse(localStorage.getItem('jarvis.ui') ?? '{}')).toEqual({ screen: 'calendar', mode: 'hud', language: 'en' });
    // English texts download on first use; the page language follows once they show.
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeTruthy();
    await vi.waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(
      within(screen.getByRole('group', { name: 'Language' }))
        .getByRole('button', { name: 'EN' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('switches screens with Alt+number', () => {
    render(<App />);
    fireEvent.keyDown(window, { key: '4', altKey: true });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kanban');
  });

  it('opens every screen with data without an error boundary tripping', async () => {
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    render(<App />);
    const screens = {
      Home: 'home',
      Kalender: 'calendar',
      Aufgaben: 'tasks',
      Kanban: 'kanban',
      'Essen & Einkauf': 'food',
      'Wissen & System': 'system',
    };
    for (const [name, id] of Object.entries(screens)) {
      fireEvent.click(within(screen.getByRole('navigation')).getByRole('button', { name }));
      // Every screen but Home is a chunk of its own: it opens once its code is in (the first
      // chunk is compiled on demand, which takes a while on a busy machine).
      expect(await screen.findByTestId(`screen-${id}`, {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryAllByRole('alert')).toEqual([]);
    }
  });
});

describe('ErrorBoundary', () => {
  it('shows the failing card’s error while its siblings keep rendering', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('card exploded');
    };
    render(
      <div>
        <ErrorBoundary label="Einkauf">
          <Broken />
        </ErrorBoundary>
        <ErrorBoundary label="Kalender">
          <p>Termine sind da</p>
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByRole('alert').textContent).toContain('card exploded');
    expect(screen.getByText('Termine sind da')).toBeTruthy();
  });
});
