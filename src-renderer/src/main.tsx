// First: starts the opening screen's download before the rest of the bundle runs.
import './screens/opening-screen-code';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { afterPaint, once, settledOrAfter, whenIdle } from './boot';
import { applyLanguage } from './i18n';
import { connectEvents, flushOutboxWhenOnline, loadFirst, loadOtherScreens } from './live/event-stream';
import { loadOpeningMonth } from './screens/calendar/opening-month';
import { preloadScreen, preloadScreens } from './screens/screen-views';
import { registerServiceWorker, startWebApp } from './live/web-app';
import { useStore } from './store';
import { isWallAddress } from './wall/wall-address';
import './styles.css';

/**
 * How long the first render waits for Home's data. index.html starts downloading it next
 * to the bundle, so it is normally in before the bundle has run; a slow master gets the
 * shell with loading cards after this.
 */
const FIRST_PAINT_WAIT_MS = 250;

/**
 * When the other screens' lists and code load if nobody opens one before: late enough that
 * Home's first seconds (and the master) are not busy with them.
 */
const OTHER_SCREENS_AFTER_MS = 2000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The wall display is its own small app: no screens, no assistant, no controls. The master
// answers /?wall with wall.html; this path is for a server that sends index.html for every
// address (Vite's dev server, a service worker installed by an older build).
if (isWallAddress()) void import('./wall/start-wall').then((m) => m.startWall(root));
else startApp(root);

function startApp(root: HTMLElement): void {
  const language = useStore.getState().language;
  const first = loadFirst(useStore);
  // Opened on another screen (last time's, or the address's): its code downloads beside the data
  // instead of after the first paint, and the first render waits for it too, so the screen
  // paints in one go instead of a loading line and then a second, interruptible render.
  const opening = useStore.getState().screen;
  const screenCode = preloadScreen(opening);
  // The calendar paints its month once, with the month's events (asked for early, see opening-month.ts).
  const screenData = opening === 'calendar' ? first.then(() => loadOpeningMonth(useStore)) : undefined;
  flushOutboxWhenOnline(useStore);
  startWebApp(useStore);
  // Entries left from the last session go once the household state is in.
  void first.then(() => useStore.getState().flushOutbox());

  // Home paints once, with its data, instead of loading cards and then a second full render.
  void settledOrAfter(Promise.all([first, applyLanguage(language), screenCode, screenData]), FIRST_PAINT_WAIT_MS).then(() => {
    const app = createRoot(root);
    // Synchronous, so the DOM is complete when this returns and "after paint" below follows it.
    flushSync(() =>
      app.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    // The rest waits until Home is on screen and the browser idles: first the event stream
    // (whose first open reloads the home state, so nothing changed in between is lost), the
    // service worker (its first install downloads every built file) and Home's voice tile,
    // later the other screens' lists and code; at once when one opens.
    const loadOthers = once(() => {
      stopWatching();
      void loadOtherScreens(useStore).finally(() => whenIdle(() => void preloadScreens()));
    });
    // A screen opened before that needs its lists now. Only a change of screen counts: the
    // opening screen's own first updates (the calendar's month arriving) are not a reason to
    // ask for ten lists while it paints; it gets them once the browser idles, below.
    const stopWatching = useStore.subscribe((s, before) => {
      if (s.screen !== before.screen && s.screen !== 'home') loadOthers();
    });
    void first.then(() =>
      afterPaint(() =>
        whenIdle(() => {
          connectEvents(useStore);
          registerServiceWorker();
          void useStore.getState().loadVoiceStatus();
          if (useStore.getState().screen !== 'home') loadOthers();
          setTimeout(() => whenIdle(loadOthers), OTHER_SCREENS_AFTER_MS);
        }),
      ),
    );
  });
}
