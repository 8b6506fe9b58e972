import type { ApiListener, Capability, Platform } from '../platform/capability';
import type { HouseholdService } from '../household';
import { KeyFileSealer, keyFileOf, type SecretSealer } from '../settings';
import { newTraceId } from '../platform/trace';
import { registerCaldavRoutes } from './routes';
import { CaldavService } from './service';
import { AccountRepository, FeedRepository, ObjectRepository, SubscriptionRepository } from './store';
import { AccountSync } from './account-sync';
import { registerAccountRoutes } from './account-routes';
import { FeedService } from './feeds';
import { registerFeedRoutes } from './feed-routes';
import { registerSubscriptionRoutes } from './subscription-routes';
import { SubscriptionService, type Fetcher } from './subscriptions';

export interface CaldavCapability extends Capability {
  readonly service: CaldavService;
  readonly subscriptions: SubscriptionService;
  readonly feeds: FeedService;
  readonly accounts: AccountSync;
}

export interface CaldavOptions {
  /** How subscriptions are fetched (tests: a stand-in); default the global fetch. */
  readonly fetch?: Fetcher;
  /** Seals the connected accounts' passwords (the desktop: its keychain); default the key file beside the database. */
  readonly sealer?: SecretSealer;
}

/** Connected CalDAV accounts sync this often, and a few seconds after the household changed. */
const ACCOUNT_SYNC_MS = 5 * 60_000;
const ACCOUNT_SYNC_AFTER_CHANGE_MS = 5_000;
/** How often due subscriptions are looked for; each has its own interval. */
const SUBSCRIPTION_CHECK_MS = 60_000;

/** Domains whose change can change a calendar object (members: names, colours, who is gone). */
const CALENDAR_DOMAINS = new Set(['calendar', 'tasks', 'reminders', 'members']);

/**
 * The household's calendars for the family's phones and computers: a CalDAV server on the
 * LAN listener (paired devices with their app password), writing through the household's
 * tools.
 */
export interface CaldavDeps extends CaldavOptions {
  /** Every write goes through the household's tools. */
  readonly household: HouseholdService;
}

export function createCaldav(ctx: Platform, { household, ...options }: CaldavDeps): CaldavCapability {
  const service = new CaldavService(household, new ObjectRepository(ctx.db), ctx.config.language === 'en' ? 'en' : 'de');
  const subscriptions = new SubscriptionService({
    household,
    repo: new SubscriptionRepository(ctx.db),
    clock: ctx.clock,
    timezone: ctx.config.timezone,
    remind: (args) =>
      ctx.registry.call('reminders_create', args, {
        traceId: newTraceId('subscription'),
        now: ctx.clock(),
        timezone: ctx.config.timezone,
        actor: 'automation',
      }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    changed: () => ctx.events.publish('subscriptions.changed'),
  });
  const feeds = new FeedService(new FeedRepository(ctx.db), service, ctx.clock, (secret) => ctx.tracer.redactor.add(secret));
  const accounts = new AccountSync(
    new AccountRepository(ctx.db),
    options.sealer ?? new KeyFileSealer(keyFileOf(ctx.config.dataFile)),
    service,
    (memberId) => (name, args) =>
      ctx.registry.call(name, args, {
        traceId: newTraceId('caldav-sync'),
        now: ctx.clock(),
        timezone: ctx.config.timezone,
        actor: 'automation',
        ...(memberId ? { member: memberId } : {}),
      }),
    ctx.clock,
    (secret) => ctx.tracer.redactor.add(secret),
    ctx.log,
  );
  let timer: NodeJS.Timeout | undefined;
  let accountTimer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  const syncAccounts = () => {
    accounts.syncAll().catch((err: unknown) => ctx.log.error('syncing CalDAV accounts failed', err));
  };
  let unsubscribe: (() => void) | undefined = ctx.events.subscribe((event) => {
    if (event.type !== 'state.changed') return;
    const domains = (event.data as { domains?: unknown } | undefined)?.domains;
    if (!Array.isArray(domains) || domains.some((d) => CALENDAR_DOMAINS.has(String(d)))) {
      service.markChanged();
      // A change here goes to the connected accounts soon, not with every single tool call.
      if (accountTimer && !soon) {
        soon = setTimeout(() => {
          soon = undefined;
          syncAccounts();
        }, ACCOUNT_SYNC_AFTER_CHANGE_MS);
        soon.unref();
      }
    }
  });
  return {
    name: 'caldav',
    service,
    subscriptions,
    feeds,
    accounts,
    routes(app, listener: ApiListener) {
      registerAccountRoutes(app, { accounts, member: (id) => service.member(id) });
      registerFeedRoutes(app, { feeds, member: (id) => service.member(id) });
      registerSubscriptionRoutes(app, {
        subscriptions,
        isAdmin: (id) => id !== undefined && household.members.get(id)?.is_admin === true,
      });
      if (listener !== 'lan') return;
      registerCaldavRoutes(app, { service, registry: ctx.registry, clock: ctx.clock, timezone: ctx.config.timezone });
    },
    start() {
      const check = () => {
        subscriptions.refreshDue().catch((err: unknown) => ctx.log.error('refreshing calendar subscriptions failed', err));
      };
      check();
      timer = setInterval(check, SUBSCRIPTION_CHECK_MS);
      timer.unref();
      accountTimer = setInterval(syncAccounts, ACCOUNT_SYNC_MS);
      accountTimer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (accountTimer) clearInterval(accountTimer);
      if (soon) clearTimeout(soon);
      timer = accountTimer = soon = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
