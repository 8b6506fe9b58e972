import type { ComponentType } from 'react';
import type { ScreenId } from '../store/ui-slice';
import { HomeScreen } from './HomeScreen';
import { lazyScreen, type LazyScreen } from './lazy-screen';

// Home is in the initial bundle: it is the first paint. The other screens are chunks of
// their own, so they do not delay Home's time to interactive.
const LAZY = {
  calendar: lazyScreen(() => import('./CalendarScreen').then((m) => m.CalendarScreen)),
  tasks: lazyScreen(() => import('./TasksScreen').then((m) => m.TasksScreen)),
  kanban: lazyScreen(() => import('./KanbanScreen').then((m) => m.KanbanScreen)),
  food: lazyScreen(() => import('./FoodScreen').then((m) => m.FoodScreen)),
  zuhause: lazyScreen(() => import('./zuhause/ZuhauseScreen').then((m) => m.ZuhauseScreen)),
  system: lazyScreen(() => import('./SystemScreen').then((m) => m.SystemScreen)),
  settings: lazyScreen(() => import('./settings/SettingsScreen').then((m) => m.SettingsScreen)),
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
