export { createPolicy, type PolicyCapability } from './capability';
export { PolicyService, type RoleDirectory } from './service';
export { decide, type GateAsker } from './gate';
export { roleRule, type RoleRule } from './role-rules';
export { RISK_POLICY_MIGRATIONS } from './store';
