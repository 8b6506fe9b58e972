// The wall display's start: the last saved state at once, the master's as soon as it answers,
// then a stream that reconnects by itself. Only this chunk's code loads: none of the screens.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyLanguage } from '../i18n';
import { useStore } from '../store';
import { keepConnected } from './keep-connected';
import { WallDisplay } from './WallDisplay';

export async function startWall(root: HTMLElement): Promise<void> {
  const store = useStore;
  store.getState().restoreWallState();
  document.documentElement.dataset.wall = 'on';
  // The state is on its way while the texts load: the first paint waits for neither twice.
  const first = Promise.all([store.getState().loadHome(), store.getState().loadHealth()]);
  await applyLanguage(store.getState().language);
  createRoot(root).render(
    <StrictMode>
      <WallDisplay />
    </StrictMode>,
  );
  await first;
  if (store.getState().connection === 'offline') store.getState().markWallConnection(false);
  keepConnected(store);
  void store.getState().loadWallExtras();
}
