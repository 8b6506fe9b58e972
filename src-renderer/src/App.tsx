import { Suspense, useEffect } from 'react';
import { AssistantPanel } from './components/AssistantPanel';
import { ErrorBoundary } from './components/ErrorBoundary';
import { AppearanceSwitches } from './components/AppearanceSwitches';
import { HandsFreeToggle } from './components/HandsFreeToggle';
import { MicButton } from './components/MicButton';
import { McpQuestions } from './components/McpQuestions';
import { Notices } from './components/Notices';
import { ActionToasts } from './components/ActionToasts';
import { applyLanguage, useTranslation } from './i18n';
import { SCREEN_VIEWS } from './screens/screen-views';
import { SetupGate } from './screens/setup/SetupGate';
import { useStore } from './store';
import { SCREENS, type ScreenId } from './store/ui-slice';

const ICONS: Record<ScreenId, string> = {
  home: 'M3 11 12 3l9 8v10h-6v-6H9v6H3z',
  calendar: 'M5 5h14v15H5zM5 9h14M9 3v4M15 3v4',
  tasks: 'M4 6h2M4 12h2M4 18h2M9 6h11M9 12h11M9 18h11',
  kanban: 'M4 4h4v16H4zM10 4h4v10h-4zM16 4h4v7h-4z',
  food: 'M6 3v8a2 2 0 0 0 4 0V3M8 11v10M16 3c-2 2-2 7 0 9v9',
  zuhause: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z',
  system: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
  settings: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
};

function Navigation() {
  const { t } = useTranslation();
  const screen = useStore((s) => s.screen);
  const setScreen = useStore((s) => s.setScreen);
  // Settings only where this device may change them (not on a paired phone).
  const settingsAllowed = useStore((s) => s.settingsAllowed !== false);
  const screens = SCREENS.filter((id) => id !== 'settings' || settingsAllowed);
  return (
    <nav className="sidebar" aria-label={t('nav.label')}>
      <div className="brand" aria-hidden="true">
        <span className="brand-mark" />
        JARVIS
      </div>
      <ul>
        {screens.map((id, i) => (
          <li key={id}>
            <button
              type="button"
              aria-current={screen === id ? 'page' : undefined}
              onClick={() => setScreen(id)}
              title={t('shell.shortcut', { label: t(`nav.${id}`), key: `Alt+${i + 1}` })}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
                <path d={ICONS[id]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span className="nav-name">{t(`nav.${id}`)}</span>
              <span className="nav-short" aria-hidden="true">
                {t(`navShort.${id}`)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConnectionBadge() {
  const { t } = useTranslation();
  const connection = useStore((s) => s.connection);
  const version = useStore((s) => s.health?.version);
  const live = useStore((s) => s.live);
  const text =
    connection === 'online'
      ? t('shell.online', { version: version ?? '?' })
      : connection === 'offline'
        ? t('shell.offline')
        : t('shell.connecting');
  // Phones show the short form (styles.css): the state stays in sight without a line of its own.
  const short =
    connection === 'online' ? t('shell.onlineShort') : connection === 'offline' ? t('shell.offlineShort') : t('shell.connecting');
  return (
    <span
      className={`status-chip status-${connection}`}
      role="status"
      title={live ? t('shell.live') : t('shell.notLive')}
      data-testid="connection"
    >
      <span className={`dot ${live ? 'dot-live' : ''}`} aria-hidden="true" />
      <span className="status-long">{text}</span>
      <span className="status-short">{short}</span>
    </span>
  );
}

function CommandBar() {
  const { t } = useTranslation();
  const chatOpen = useStore((s) => s.chatOpen);
  const setChatOpen = useStore((s) => s.setChatOpen);
  return (
    <div className="topbar-actions">
      <ConnectionBadge />
      {/* On a phone the header is one row: these move to Wissen & System, the assistant is its one button. */}
      <span className="topbar-prefs">
        <AppearanceSwitches />
        <HandsFreeToggle />
        <MicButton />
      </span>
      <button
        type="button"
        className="btn btn-primary chat-toggle"
        // The name starts with what a phone shows ("Assistent"), so a voice user can say it.
        aria-label={chatOpen ? t('chat.close') : t('chat.open')}
        aria-expanded={chatOpen}
        onClick={() => setChatOpen(!chatOpen)}
      >
        <span className="status-long">{chatOpen ? t('chat.close') : t('chat.open')}</span>
        <span className="status-short">{t('chat.title')}</span>
      </button>
    </div>
  );
}

/** Alt+1…6 switch screens; Escape closes the assistant drawer. */
function useKeyboard() {
  const setScreen = useStore((s) => s.setScreen);
  const setChatOpen = useStore((s) => s.setChatOpen);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey) {
        const n = Number(e.key);
        if (n >= 1 && n <= SCREENS.length) {
          e.preventDefault();
          setScreen(SCREENS[n - 1]!);
        }
      }
      if (e.key === 'Escape') setChatOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setScreen, setChatOpen]);
}

/** Offline, the lists are the last known ones (kept by the service worker): said plainly, above them. */
function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useStore((s) => s.connection === 'offline');
  if (!offline) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </p>
  );
}

export function App() {
  const { t, i18n } = useTranslation();
  const screen = useStore((s) => s.screen);
  const mode = useStore((s) => s.mode);
  const language = useStore((s) => s.language);
  const View = SCREEN_VIEWS[screen];
  const offline = useStore((s) => s.connection === 'offline');
  useKeyboard();

  useEffect(() => {
    void applyLanguage(language);
  }, [language]);

  const viewerLanguage = useStore((s) => s.home.data?.members.find((m) => m.id === s.home.data?.viewer_member)?.language);
  const adoptLanguage = useStore((s) => s.adoptLanguage);
  useEffect(() => {
    if (viewerLanguage === 'de' || viewerLanguage === 'en') adoptLanguage(viewerLanguage);
  }, [viewerLanguage, adoptLanguage]);

  // The page's language follows the texts shown, which switch once their chunk is in.
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  useEffect(() => {
    document.documentElement.dataset.mode = mode;
  }, [mode]);

  return (
    <div className={`app mode-${mode}`} data-testid="app-shell" data-offline={offline ? 'true' : undefined}>
      <a className="skip" href="#content">
        {t('shell.skip')}
      </a>
      <Navigation />
      <div className="main">
        <header className="topbar">
          <h1>{t(`nav.${screen}`)}</h1>
          <CommandBar />
        </header>
        <OfflineBanner />
        <Notices />
        <McpQuestions place="shell" />
        <ActionToasts />
        <main className="content" id="content" tabIndex={-1}>
          <ErrorBoundary label={t(`nav.${screen}`)} key={screen}>
            {/* Inside the boundary: a screen whose code fails to download shows its error there. */}
            <Suspense
              fallback={
                <p className="muted" role="status">
                  {t('common.loading')}
                </p>
              }
            >
              <View />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      <ErrorBoundary label={t('chat.title')}>
        <AssistantPanel />
      </ErrorBoundary>
      <ErrorBoundary label={t('setup.title')}>
        <SetupGate />
      </ErrorBoundary>
    </div>
  );
}
