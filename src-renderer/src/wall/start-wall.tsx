// The wall display's start: the last saved state at once, the master's as soon as it answers,
// then a stream that reconnects by itself. Only this chunk's code loads: none of the screens.
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterPaint, settledOrAfter, whenIdle } from '../boot';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { keepConnected } from './keep-connected';
import { WallDisplay } from './WallDisplay';

/**
 * How long the first paint waits for the master's state when no saved one is there: wall.html
 * starts downloading it beside the bundle, so it is normally in; a master that is away gets
 * the "waiting" display after this.
 */
const FIRST_PAINT_WAIT_MS = 250;

/** The stream and the extras (meals, chores, weather) wait for an idle moment, at most this long. */
const REST_AFTER_IDLE_MS = 1000;

export async function startWall(root: HTMLElement): Promise<void> {
  const store = useStore;
  store.getState().restoreWallState();
  document.documentElement.dataset.wall = 'on';
  const saved = store.getState().home.status === 'ready';
  // The state is on its way while the texts load. Without a saved state the display paints
  // once, with the master's, instead of a waiting display and then a second full render.
  const first = Promise.all([store.getState().loadHome(), store.getState().loadHealth()]);
  const language = applyLanguage(store.getState().language);
  await (saved ? language : settledOrAfter(Promise.all([first, language]), FIRST_PAINT_WAIT_MS));
  const app = createRoot(root);
  // Synchronous, so "after paint" below follows the display's first frame.
  flushSync(() =>
    app.render(
      <StrictMode>
        <WallDisplay />
      </StrictMode>,
    ),
  );
  await first;
  if (store.getState().connection === 'offline') store.getState().markWallConnection(false);
  // The stream's first open reloads the state, and the extras render the side columns again:
  // both after the display is on screen.
  afterPaint(() =>
    whenIdle(() => {
      keepConnected(store);
      void store.getState().loadWallExtras();
    }, REST_AFTER_IDLE_MS),
  );
}
