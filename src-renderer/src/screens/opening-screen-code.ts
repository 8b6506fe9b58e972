// The app opened on another screen than Home (last time's, or the address's): that screen's
// code starts downloading as soon as this module runs. The build puts this module, what it
// reads and Vite's preload helper in a small chunk of their own that the entry imports first
// (see vite.config.ts), so it runs before React DOM, the texts and the store are evaluated
// instead of after them; `preloadScreen` in main.tsx then finds the download under way.
import { openingScreen } from '../store/ui-slice';
import { isWallAddress } from '../wall/wall-address';
import { startOpeningMonth } from './calendar/opening-month';
import { SCREEN_CODE } from './screen-code';

// The wall display's page loads this chunk too (it holds the UI slice): it shows no screen.
const screen = isWallAddress() ? 'home' : openingScreen();
if (screen !== 'home') void SCREEN_CODE[screen]().catch(() => undefined);
// The calendar's events download beside its code.
if (screen === 'calendar') startOpeningMonth();
