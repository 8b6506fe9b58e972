import type { LiveStatus } from '../../src-shared';
import { liveStatusOf } from './live-status';
import type { Capability, Platform } from '../platform/capability';
import { HueEventFollower, lightChangesOf, type HueLiveChange } from './hue-events';
import { registerOverviewRoutes } from './routes';
import { overviewPresenters } from './overview-presenters';
import { followServerChanges, registerHomeServerRoutes } from './server-routes';
import { ProtectEventFollower } from './protect-events';
import { cameraEventsTool } from './camera-events-tool';

const DETECTION_PUBLISH_MS = 2000;

export interface HomeCapability extends Capability {
  /** Whether the master follows the Hue bridge's event stream right now, and since when not. */
  hueLive(): LiveStatus;
  /** The bridge's address, key or certificate changed: the event stream follows the new one. */
  reconnectHue(): void;
}

/**
 * Home control in the master: what a per-call skill process cannot do. It reads the
 * integrations' overviews through the registry (the home skills' read actions, so a skill
 * on a runtime worker serves the screen too) and follows the Hue bridge's event stream for
 * as long as the master runs, publishing each change as the event `home.light.changed`
 * (the Protect console's detections as `home.camera.changed`).
 */
export function createHome(ctx: Platform): HomeCapability {
  const { config } = ctx;
  let problem: string | undefined;
  let published = false;
  // Read from the live config each time: the household may pair the bridge in the app.
  const makeFollower = () => {
    const url = config.hueBridgeUrl;
    const key = config.hueApplicationKey;
    return url && key
      ? new HueEventFollower({
          url,
          key,
          ...(config.hueCertFingerprint ? { fingerprint: config.hueCertFingerprint } : {}),
          requestTimeoutMs: config.homeRequestTimeoutMs,
          idleMs: config.homeStreamIdleMs,
          onChanges: (bridge: HueLiveChange[]) => {
            const { changes, reread } = lightChangesOf(bridge);
            ctx.events.publish('home.light.changed', reread ? { integration: 'hue' } : { integration: 'hue', changes });
          },
          onLive: (live, why) => {
            // A new reason is logged once (not on every retry); the screen hears only of changes.
            if (why && why !== problem) ctx.log.warn(`hue event stream: ${why}`);
            problem = why;
            if (live !== published) ctx.events.publish('home.light.changed', { integration: 'hue', live: liveStatusOf(follower?.state()) });
            published = live;
          },
        })
      : undefined;
  };
  let follower = makeFollower();
  let started = false;
  ctx.status.set('hue', () =>
    !follower
      ? { state: 'off', detail: 'HUE_BRIDGE_URL or HUE_APPLICATION_KEY is not set.' }
      : follower.live
        ? { state: 'ok', detail: 'following the bridge event stream' }
        : { state: 'degraded', detail: problem ?? 'connecting to the bridge event stream' },
  );
  let unfollowServer: (() => void) | undefined;
  let protectPublished = false;
  // A busy driveway moves all the time: the camera cards reload at most every few seconds.
  let detectionTimer: NodeJS.Timeout | undefined;
  const detectionSeen = () => {
    detectionTimer ??= setTimeout(() => {
      detectionTimer = undefined;
      ctx.events.publish('home.camera.changed', { integration: 'protect' });
    }, DETECTION_PUBLISH_MS);
    detectionTimer.unref?.();
  };
  const protectEvents =
    config.unifiUrl && config.unifiApiKey
      ? new ProtectEventFollower({
          url: config.unifiUrl,
          key: config.unifiApiKey,
          ...(config.unifiCertFingerprint ? { fingerprint: config.unifiCertFingerprint } : {}),
          requestTimeoutMs: config.homeRequestTimeoutMs,
          idleMs: config.homeStreamIdleMs,
          now: ctx.clock,
          onDetection: detectionSeen,
          onLive: (live, why) => {
            if (why) ctx.log.warn(`protect event subscription: ${why}`);
            if (live !== protectPublished) ctx.events.publish('home.camera.changed', { integration: 'protect' });
            protectPublished = live;
          },
        })
      : undefined;
  const eventsTool = protectEvents ? cameraEventsTool(protectEvents, ctx.registry) : undefined;
  if (eventsTool) ctx.registry.addProvider(eventsTool);
  ctx.status.set('home.protect', () =>
    !protectEvents
      ? { state: 'off', detail: 'UNIFI_URL or UNIFI_API_KEY is not set.' }
      : protectEvents.live
        ? { state: 'ok', detail: 'following the Protect event subscription' }
        : { state: 'degraded', detail: 'connecting to the Protect event subscription' },
  );
  return {
    name: 'home',
    hueLive: () => liveStatusOf(follower?.state()),
    routes: (app) => {
      const hueLive = () => liveStatusOf(follower?.state());
      registerOverviewRoutes(
        app,
        { registry: ctx.registry, clock: ctx.clock, timezone: config.timezone },
        overviewPresenters({ hueLive, ...(protectEvents ? { protectEvents } : {}) }),
      );
      registerHomeServerRoutes(app, { registry: ctx.registry, clock: ctx.clock, timezone: config.timezone, protectEvents });
    },
    reconnectHue() {
      follower?.stop();
      problem = undefined;
      follower = makeFollower();
      if (started) follower?.start();
    },
    start() {
      started = true;
      follower?.start();
      unfollowServer ??= followServerChanges(ctx.registry, ctx.events);
      protectEvents?.start();
    },
    stop() {
      started = false;
      follower?.stop();
      unfollowServer?.();
      unfollowServer = undefined;
      protectEvents?.stop();
      clearTimeout(detectionTimer);
      detectionTimer = undefined;
      if (eventsTool) ctx.registry.removeProvider(eventsTool);
    },
  };
}
