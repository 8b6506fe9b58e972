import type { QuietHours, Reminder } from '../../src-shared';
import type { Capability, Platform } from '../platform/capability';
import type { MemberDirectory } from './members';
import type { NotifyLanguage } from './reminder-message';
import { ReminderNotifier, type MemberDelivery } from './reminder-notifier';
import { registerNotifyRoutes } from './routes';
import { NotifyService } from './service';
import { NotifyStore } from './store';
import { loadOrCreateVapidKeys, readVapidKeys, type VapidKeys } from './vapid-keys';
import { WebPushChannel } from './web-push-channel';

export interface NotifyDeps {
  readonly members: MemberDirectory;
  /** The household's quiet hours (the Settings screen), for members without their own. */
  readonly householdQuietHours?: () => QuietHours | null;
}

export interface NotifyCapability extends Capability {
  readonly notifier: ReminderNotifier;
  readonly service: NotifyService;
  /** Made on first use: a household that never subscribes a device pays nothing for it at start. */
  readonly vapidPublicKey: string;
  /** Resolves when every delivery started so far has finished (tests, the benchmark, stop). */
  idle(): Promise<void>;
  /** A revoked device gets no more pushes. */
  forgetDevice(deviceId: string): number;
}

/** How often notices held back by quiet hours are looked at when no reminder pass is running. */
const HELD_PASS_MS = 60_000;

/**
 * Notifications that reach people: when the household's reminder pass fires a reminder
 * (`reminder.due`), its member, or everyone, hears of it by Web Push and ntfy as each
 * chose, outside their quiet hours.
 */
export function createNotify(ctx: Platform, deps: NotifyDeps): NotifyCapability {
  const store = new NotifyStore(ctx.db);
  const service = new NotifyService(store, ctx.clock);
  // A stored pair is read (and checked) at start; a new one is made on its first use.
  let keys = readVapidKeys(ctx.config.dataFile);
  if (keys) ctx.tracer.redactor.add(keys.privateKey);
  const vapidKeys = (): VapidKeys => {
    if (!keys) {
      keys = loadOrCreateVapidKeys(ctx.config.dataFile);
      ctx.tracer.redactor.add(keys.privateKey);
    }
    return keys;
  };
  const { ntfyUrl, ntfyTopic, ntfyToken } = ctx.config;
  const ntfy = ntfyUrl && ntfyTopic ? { url: ntfyUrl, topic: ntfyTopic, ...(ntfyToken ? { token: ntfyToken } : {}) } : undefined;
  const notifier = new ReminderNotifier({
    store,
    members: deps.members,
    webPush: new WebPushChannel(vapidKeys, ctx.config.pushSubject),
    ntfy,
    timezone: ctx.config.timezone,
    language: ctx.config.language as NotifyLanguage,
    appUrl: ctx.config.appUrl,
    clock: ctx.clock,
    trace: (stage, data) => ctx.tracer.record('notify', 'notify', stage, data),
    ...(deps.householdQuietHours ? { householdQuietHours: deps.householdQuietHours } : {}),
  });

  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<MemberDelivery[]>) => {
    const tracked = work.catch((err: unknown) => ctx.log.error('notification delivery failed', err));
    running.add(tracked);
    void tracked.finally(() => running.delete(tracked));
  };
  // Subscribed at once: the household's first reminder pass runs as the master starts.
  let unsubscribe: (() => void) | undefined = ctx.events.subscribe((event) => {
    if (event.type === 'reminder.due' && event.data) track(notifier.reminderDue(event.data as Reminder));
    // A device the household disconnected gets no more pushes.
    const revoked = event.type === 'devices.changed' ? (event.data as { revoked?: unknown } | undefined)?.revoked : undefined;
    if (typeof revoked === 'string') service.forgetDevice(revoked);
  });
  let timer: NodeJS.Timeout | undefined;

  return {
    name: 'notify',
    notifier,
    service,
    get vapidPublicKey() {
      return vapidKeys().publicKey;
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    forgetDevice: (deviceId) => service.forgetDevice(deviceId),
    routes(app) {
      registerNotifyRoutes(app, {
        service,
        members: deps.members,
        registry: ctx.registry,
        vapidPublicKey: () => vapidKeys().publicKey,
        ntfyConfigured: ntfy !== undefined,
        clock: ctx.clock,
        timezone: ctx.config.timezone,
      });
    },
    start() {
      const every = ctx.config.homeAutomationIntervalMs > 0 ? Math.min(ctx.config.homeAutomationIntervalMs, HELD_PASS_MS) : 0;
      if (every > 0) {
        timer = setInterval(() => track(notifier.deliverHeld()), every);
        timer.unref();
      }
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...running]);
    },
  };
}
