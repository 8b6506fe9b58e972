import type { HomeDomain, HomeState, HomeStatePart } from '../../src-shared';
import type { Capability, Platform } from '../platform/capability';
import type { ToolProvider } from '../platform/registry';
import { registerHouseholdRoutes } from './routes';
import { registerMemberRoutes } from './member-routes';
import type { MembersService } from './members';
import { householdToolProvider } from './core-provider';
import { HouseholdService, type StateView } from './service';
import { createChoresDomain } from './domains/chores';

export interface HouseholdCapability extends Capability {
  readonly service: HouseholdService;
  /** The household's members (a MemberDirectory for the capabilities that need one). */
  readonly members: MembersService;
  /** The core household tools as the registry holds them. */
  readonly tools: ToolProvider;
  /** The household's state with the chore chart's part (the API core answers GET /api/state with it). */
  readonly state: HouseholdState;
}

/** The home state as a viewer sees it: the whole, or only the named domains' parts. */
export interface HouseholdState {
  whole(view: StateView): HomeState;
  parts(domains: readonly HomeDomain[], view: StateView): HomeStatePart;
}

/**
 * The household capability: store (migrated at construction; a newer database stops the
 * start with a clear message), the core tools in the registry, the due-reminder pass and
 * the household API.
 */
export function createHousehold(ctx: Platform): HouseholdCapability {
  const service = new HouseholdService({
    db: ctx.db,
    timezone: ctx.config.timezone,
    clock: ctx.clock,
    publish: (...event) => ctx.events.publish(...event),
    trace: (traceId, stage, data) => ctx.tracer.record(traceId, 'household', stage, data),
    language: ctx.config.language === 'en' ? 'en' : 'de',
  });
  const tools = householdToolProvider(service);
  ctx.registry.addProvider(tools);
  const chores = createChoresDomain({
    db: ctx.db,
    timezone: ctx.config.timezone,
    clock: ctx.clock,
    language: ctx.config.language === 'en' ? 'en' : 'de',
    members: () => service.members.list(),
    publish: (...event) => ctx.events.publish(...event),
    trace: (traceId, stage, data) => ctx.tracer.record(traceId, 'household', stage, data),
  });
  ctx.registry.addProvider(chores.provider);
  let timer: NodeJS.Timeout | undefined;
  let lastPass: string | undefined;
  ctx.status.set('household', () =>
    ctx.config.homeAutomationIntervalMs > 0
      ? {
          state: 'ok',
          detail: `reminder pass every ${ctx.config.homeAutomationIntervalMs} ms${lastPass ? `, last ${lastPass}` : ''}`,
          code: 'household.reminderPass',
          params: { seconds: Math.round(ctx.config.homeAutomationIntervalMs / 1000) },
        }
      : { state: 'ok', detail: 'reminder pass off', code: 'household.reminderPassOff' },
  );

  const pass = () => {
    try {
      service.fireDueReminders(ctx.clock());
      service.refreshDerivedGroceries(ctx.clock());
      lastPass = ctx.clock().toISOString();
    } catch (err) {
      ctx.log.error('due-reminder pass failed', err);
    }
  };

  // The lists with a component of their own hand their part over here; it is read only when named.
  const own = { chores: () => ({ chores: chores.chart() }) };

  return {
    name: 'household',
    service,
    members: service.members,
    tools,
    state: {
      whole: (view) => service.state(view, own),
      parts: (domains, view) => service.stateParts(domains, view, own),
    },
    routes(app) {
      registerMemberRoutes(app, service.members);
      registerHouseholdRoutes(app, { registry: ctx.registry, clock: ctx.clock, timezone: ctx.config.timezone }, service);
    },
    // Reminders that fell due while the master was off fire right after the first answer.
    afterFirstAnswer: pass,
    start() {
      if (ctx.config.homeAutomationIntervalMs > 0) {
        timer = setInterval(pass, ctx.config.homeAutomationIntervalMs);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await service.close();
    },
  };
}
