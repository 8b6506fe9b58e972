import type { ApiListener, Capability, Platform } from '../platform/capability';
import type { HouseholdService } from '../household';
import { registerCaldavRoutes } from './routes';
import { CaldavService } from './service';
import { ObjectRepository } from './store';

export interface CaldavCapability extends Capability {
  readonly service: CaldavService;
}

/** Domains whose change can change a calendar object (members: names, colours, who is gone). */
const CALENDAR_DOMAINS = new Set(['calendar', 'tasks', 'reminders', 'members']);

/**
 * The household's calendars for the family's phones and computers: a CalDAV server on the
 * LAN listener (paired devices with their app password), writing through the household's
 * tools.
 */
export function createCaldav(ctx: Platform, household: HouseholdService): CaldavCapability {
  const service = new CaldavService(household, new ObjectRepository(ctx.db), ctx.config.language === 'en' ? 'en' : 'de');
  let unsubscribe: (() => void) | undefined = ctx.events.subscribe((event) => {
    if (event.type !== 'state.changed') return;
    const domains = (event.data as { domains?: unknown } | undefined)?.domains;
    if (!Array.isArray(domains) || domains.some((d) => CALENDAR_DOMAINS.has(String(d)))) service.markChanged();
  });
  return {
    name: 'caldav',
    service,
    routes(app, listener: ApiListener) {
      if (listener !== 'lan') return;
      registerCaldavRoutes(app, { service, registry: ctx.registry, clock: ctx.clock, timezone: ctx.config.timezone });
    },
    stop() {
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
