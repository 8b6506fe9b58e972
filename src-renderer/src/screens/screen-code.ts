import type { ComponentType } from 'react';
import type { ScreenId } from '../store/ui-slice';

/**
 * Where each screen's code is: a chunk of its own that downloads on first use, so Home's first
 * paint does not parse the other screens. This module holds nothing else, so the opening
 * screen's download can start before the rest of the bundle has run (`opening-screen-code.ts`).
 */
export const SCREEN_CODE = {
  calendar: () => import('./CalendarScreen').then((m) => m.CalendarScreen),
  tasks: () => import('./TasksScreen').then((m) => m.TasksScreen),
  kanban: () => import('./KanbanScreen').then((m) => m.KanbanScreen),
  food: () => import('./FoodScreen').then((m) => m.FoodScreen),
  zuhause: () => import('./zuhause/ZuhauseScreen').then((m) => m.ZuhauseScreen),
  system: () => import('./SystemScreen').then((m) => m.SystemScreen),
  settings: () => import('./settings/SettingsScreen').then((m) => m.SettingsScreen),
} satisfies Record<Exclude<ScreenId, 'home'>, () => Promise<ComponentType>>;
