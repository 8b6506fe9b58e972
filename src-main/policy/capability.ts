import type { Capability, Platform } from '../platform/capability';
import { registerRiskPolicyRoutes } from './routes';
import { PolicyService, type RoleDirectory } from './service';
import { RiskPolicyStore } from './store';

export interface PolicyCapability extends Capability {
  /** The risk policy and the one gate every tool call meets. */
  readonly service: PolicyService;
}

/**
 * Owns "run, ask, approve or refuse": the household's risk policy (its table and routes)
 * and the gate over it, which it installs in the registry so that every caller meets it.
 */
export function createPolicy(ctx: Platform, deps: { readonly members: RoleDirectory }): PolicyCapability {
  const service = new PolicyService(new RiskPolicyStore(ctx.db, ctx.clock), deps.members, ctx.registry);
  ctx.registry.setGate(service);
  return {
    name: 'policy',
    service,
    routes(app) {
      registerRiskPolicyRoutes(app, service);
    },
  };
}
