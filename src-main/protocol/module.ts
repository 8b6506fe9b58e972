import { registerProtocolRoutes } from '../http/protocol-routes';
import type { MasterContext, MasterModule } from '../master/context';
import { ProtocolStore } from '../store/protocol';
import { ProtocolRecorder } from './recorder';
import { ProtocolService } from './service';

declare module '../master/context' {
  interface Services {
    protocol?: ProtocolService;
    protocolRecorder?: ProtocolRecorder;
  }
}

/**
 * The household's default policy: deleting anything needs a review, and nothing is denied
 * until the household says so. The assistant's own confirmation rules build on it.
 */
export const DEFAULT_POLICY_RULES = { require_review: ['calendar_delete', 'tasks_delete', 'reminders_delete', 'groceries_remove', 'mealplan_delete', 'kanban_delete'], deny: [] as string[] };

export function protocolModule(ctx: MasterContext): MasterModule {
  const service = new ProtocolService(new ProtocolStore(ctx.db), ctx.clock);
  service.bootstrap(DEFAULT_POLICY_RULES);
  ctx.services.protocol = service;
  ctx.services.protocolRecorder = new ProtocolRecorder(service, ctx.clock, (text) => ctx.tracer.redactor.text(text));
  ctx.status.set('protocol', () => ({ state: 'ok', detail: `${service.eventCount()} events recorded` }));
  return {
    name: 'protocol',
    apiRoutes(app) {
      registerProtocolRoutes(app, service, ctx.clock);
    },
  };
}
