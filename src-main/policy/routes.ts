import type { FastifyInstance } from 'fastify';
import { riskPolicySchema, type RiskPolicy } from '../../src-shared';
import type { PolicyService } from './service';

/** `GET/PUT /api/policy/risk`: the household's risk policy and what it decides per tool. */
export function registerRiskPolicyRoutes(app: FastifyInstance, policy: PolicyService): void {
  app.get('/api/policy/risk', async () => policy.view());
  app.put<{ Body: RiskPolicy }>('/api/policy/risk', { schema: { body: riskPolicySchema } }, async (req) => policy.replace(req.body));
}
