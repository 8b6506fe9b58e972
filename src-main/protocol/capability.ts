import { registerProtocolRoutes } from './routes';
import type { Capability, Platform } from '../platform/capability';
import { ProtocolStore } from './store';
import { ProtocolRecorder } from './recorder';
import { ProtocolService } from './service';
import { lazySigner } from './signing-key';

export interface ProtocolCapability extends Capability {
  /** The records, events and decisions (the /api/protocol surface). */
  readonly service: ProtocolService;
  /** How the assistant, the skill gate and the mesh write their evidence. */
  readonly recorder: ProtocolRecorder;
}

/**
 * The household's Policy record names no tool: what runs, waits or is refused is decided by
 * the one gate (the policy capability) and the host's callers record its decision here.
 * Policies that protocol clients define for their own sessions keep their rule lists.
 */
export const DEFAULT_POLICY_RULES = {
  require_review: [] as string[],
  deny: [] as string[],
};

const PUSH_COALESCE_MS = 250;

/** The evidence layer: every request, decision and outcome as hash-linked events. */
export function createProtocol(ctx: Platform): ProtocolCapability {
  // The key (made on a fresh data dir) and the seal of a new chain end wait until after
  // the first answer; any other request runs that work before it is answered.
  const service = new ProtocolService(new ProtocolStore(ctx.db), ctx.clock, lazySigner(ctx.config.dataFile), {
    sealNewEndLater: true,
  });
  service.bootstrap(DEFAULT_POLICY_RULES);
  const recorder = new ProtocolRecorder(service, (text) => ctx.tracer.redactor.text(text));
  ctx.status.set('protocol', () => {
    const events = service.eventCount();
    return { state: 'ok', detail: `${events} events recorded`, code: 'protocol.recorded', params: { count: events } };
  });

  // One assistant request writes a dozen records; the UI's timeline needs one nudge for them.
  let pushTimer: NodeJS.Timeout | undefined;
  const stopWatching = service.onChange((change) => {
    if (change.op === 'decideMemory' || change.op === 'withdrawMemory' || change.op === 'decideLearning') {
      const sessionId = change.ids.sessionId;
      // The session waited only for this decision: now it can end sealed.
      if (sessionId) {
        try {
          recorder.settle(sessionId);
        } catch (err) {
          ctx.log.warn(
            `protocol: sealing ${sessionId} after a household decision failed: ${err instanceof Error ? err.message : String(err)}`,
          );
        }
      }
    }
    pushTimer ??= setTimeout(() => {
      pushTimer = undefined;
      ctx.events.publish('protocol.changed', { events: service.eventCount() });
    }, PUSH_COALESCE_MS).unref();
  });
  return {
    name: 'protocol',
    service,
    recorder,
    routes(app) {
      registerProtocolRoutes(app, service, ctx.clock);
    },
    afterFirstAnswer() {
      service.sealNewChainEnd();
    },
    stop() {
      // A master stopped before its first answer still leaves its chain end sealed.
      try {
        service.sealNewChainEnd();
      } catch (err) {
        ctx.log.warn(`protocol: sealing the new chain end failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      stopWatching();
      if (pushTimer) clearTimeout(pushTimer);
      pushTimer = undefined;
    },
  };
}
