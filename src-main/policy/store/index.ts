export { RiskPolicyStore, RISK_POLICY_MIGRATIONS } from './risk-policy';
