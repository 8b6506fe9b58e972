// The calendar list's row of the DOMAINS table.
import type { DomainDescriptor } from '../descriptor';
import { addDays, startOfDay } from '../../time';
import { calendarItems } from './read';
import { registerCalendarRoutes } from './routes';
import { CALENDAR_ITEM, CALENDAR_PHRASES, CALENDAR_REPLIES } from './words';

export const CALENDAR_DOMAIN = {
  item: CALENDAR_ITEM,
  phrases: CALENDAR_PHRASES,
  replies: CALENDAR_REPLIES,
  routes: registerCalendarRoutes,
  resources: [
    {
      uri: 'jarvis://agenda/today',
      name: 'agenda-today',
      title: "Today's agenda",
      description: "The household's appointments today.",
      tool: 'calendar_list',
      args: { from: { kind: 'relative', offset_days: 0 }, days: 1 },
    },
  ],
  state: (r) => ({
    events: r
      .cut('events', calendarItems(r.store, r.timezone, startOfDay(r.day, r.timezone), startOfDay(addDays(r.day, 60), r.timezone)))
      .map((e) => e.present(r.timezone)),
  }),
} satisfies DomainDescriptor<'calendar'>;
