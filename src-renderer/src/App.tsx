import { useEffect } from 'react';
import { ErrorBoundary } from './components/ErrorBoundary';
import { SCREENS, type ScreenId } from './store/ui-slice';
import { useStore } from './store';

const SCREEN_LABELS: Record<ScreenId, string> = {
  home: 'Home',
  calendar: 'Kalender',
  tasks: 'Aufgaben',
  kanban: 'Kanban',
  food: 'Essen & Einkauf',
  system: 'Wissen & System',
};

function Navigation() {
  const screen = useStore((s) => s.screen);
  const setScreen = useStore((s) => s.setScreen);
  return (
    <nav className="sidebar" aria-label="Bereiche">
      <div className="brand">JARVIS</div>
      <ul>
        {SCREENS.map((id) => (
          <li key={id}>
            <button type="button" aria-current={screen === id ? 'page' : undefined} onClick={() => setScreen(id)}>
              {SCREEN_LABELS[id]}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConnectionBadge() {
  const connection = useStore((s) => s.connection);
  const version = useStore((s) => s.health?.version);
  const text = connection === 'online' ? `verbunden · v${version ?? '?'}` : connection === 'offline' ? 'keine Verbindung zum JARVIS-Dienst' : 'verbinde…';
  return (
    <span className={`status-chip status-${connection}`} role="status">
      {text}
    </span>
  );
}

export function App() {
  const screen = useStore((s) => s.screen);
  const mode = useStore((s) => s.mode);
  const setMode = useStore((s) => s.setMode);
  const loadHealth = useStore((s) => s.loadHealth);

  useEffect(() => {
    void loadHealth();
  }, [loadHealth]);

  return (
    <div className={`app mode-${mode}`} data-testid="app-shell">
      <Navigation />
      <div className="main">
        <header className="topbar">
          <h1>{SCREEN_LABELS[screen]}</h1>
          <div className="topbar-actions">
            <ConnectionBadge />
            <div className="mode-toggle" role="group" aria-label="Design">
              <button type="button" aria-pressed={mode === 'hud'} onClick={() => setMode('hud')}>
                JARVIS
              </button>
              <button type="button" aria-pressed={mode === 'clean'} onClick={() => setMode('clean')}>
                CLEAN
              </button>
            </div>
          </div>
        </header>
        <main className="content">
          <ErrorBoundary label={SCREEN_LABELS[screen]} key={screen}>
            <section className="card" aria-label={SCREEN_LABELS[screen]}>
              <p>{SCREEN_LABELS[screen]}</p>
            </section>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
