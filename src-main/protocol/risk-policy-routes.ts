import type { FastifyInstance } from 'fastify';
import { decideRisk, riskPolicySchema, type RiskPolicy, type RiskPolicyResponse } from '../../src-shared';
import type { SkillRegistry } from '../platform/registry';
import type { RiskPolicyStore } from './risk-policy-store';

/** `GET/PUT /api/policy/risk`: the household's risk policy and what it decides per tool. */
export function registerRiskPolicyRoutes(app: FastifyInstance, store: RiskPolicyStore, registry: SkillRegistry): void {
  const view = (): RiskPolicyResponse => {
    const policy = store.current();
    const tools = registry
      .list()
      .map((t) => ({ name: t.name, ...decideRisk(policy, t.name, t.risk) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { policy, tools };
  };
  app.get('/api/policy/risk', async () => view());
  app.put<{ Body: RiskPolicy }>('/api/policy/risk', { schema: { body: riskPolicySchema } }, async (req) => {
    store.replace(req.body);
    return view();
  });
}
