import type { ComponentType } from 'react';
import type { ScreenId } from '../store/ui-slice';
import { HomeScreen } from './HomeScreen';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { SCREEN_CODE } from './screen-code';

// Home is in the initial bundle: it is the first paint. The other screens are chunks of
// their own, so they do not delay Home's time to interactive.
const LAZY = {
  calendar: lazyScreen(SCREEN_CODE.calendar),
  tasks: lazyScreen(SCREEN_CODE.tasks),
  kanban: lazyScreen(SCREEN_CODE.kanban),
  food: lazyScreen(SCREEN_CODE.food),
  zuhause: lazyScreen(SCREEN_CODE.zuhause),
  system: lazyScreen(SCREEN_CODE.system),
  settings: lazyScreen(SCREEN_CODE.settings),
} satisfies Record<Exclude<ScreenId, 'home'>, LazyScreen>;

export const SCREEN_VIEWS: Record<ScreenId, ComponentType> = {
  home: HomeScreen,
  calendar: LAZY.calendar.View,
  tasks: LAZY.tasks.View,
  kanban: LAZY.kanban.View,
  food: LAZY.food.View,
  zuhause: LAZY.zuhause.View,
  system: LAZY.system.View,
  settings: LAZY.settings.View,
};

/** Downloads every other screen's code, so switching screens later shows no loading frame. */
export async function preloadScreens(): Promise<void> {
  await Promise.all(Object.values(LAZY).map((s) => s.preload()));
}

/** Downloads one screen's code now: the screen the app opens on, while Home's data is on its way. */
export function preloadScreen(id: ScreenId): Promise<void> {
  return id === 'home' ? Promise.resolve() : LAZY[id].preload();
}
