import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { useStore } from './store';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ok: true, version: '1.2.3', components: {} }), { status: 200 })));
  useStore.setState({ screen: 'home', mode: 'clean', connection: 'connecting', health: undefined });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('App shell', () => {
  it('shows the navigation and the connection state from /api/health', async () => {
    render(<App />);
    expect(screen.getByRole('navigation', { name: 'Bereiche' })).toBeTruthy();
    expect(await screen.findByText('verbunden · v1.2.3')).toBeTruthy();
  });

  it('switches screens and remembers the screen and design mode', () => {
    render(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'Kalender' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kalender');
    fireEvent.click(screen.getByRole('button', { name: 'JARVIS' }));
    expect(JSON.parse(localStorage.getItem('jarvis.ui') ?? '{}')).toEqual({ screen: 'calendar', mode: 'hud' });
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
