import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { connectEvents, loadAll } from './live/event-stream';
import { useStore } from './store';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
initI18n(useStore.getState().language);
// The event stream opens once the first state is requested, so it never delays Home.
void loadAll(useStore);
setTimeout(() => connectEvents(useStore), 0);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
