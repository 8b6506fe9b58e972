// Risk classes: every action declares how much it can disturb the home, and the household's
// policy (not the model) turns the class into a decision. Shared by the master, the UI and
// skill authors' tooling.

export const RISK_CLASSES = ['read', 'reversible', 'disruptive', 'security'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** `allow` runs, `ask` waits for the household's "ja", `deny` never runs. */
export const RISK_DECISIONS = ['allow', 'ask', 'deny'] as const;
export type RiskDecision = (typeof RISK_DECISIONS)[number];

/** An action that declares no class is treated as this one. */
export const UNDECLARED_RISK: RiskClass = 'disruptive';

export interface RiskPolicy {
  readonly classes: Readonly<Record<RiskClass, RiskDecision>>;
  /** Per tool name: a decision that replaces its class's. */
  readonly overrides: Readonly<Record<string, RiskDecision>>;
}

export const DEFAULT_RISK_POLICY: RiskPolicy = {
  classes: { read: 'allow', reversible: 'allow', disruptive: 'ask', security: 'deny' },
  overrides: {},
};

export interface RiskVerdict {
  readonly risk: RiskClass;
  readonly decision: RiskDecision;
  /** Which rule decided: `override:<tool>` or `class:<risk>`. */
  readonly rule: string;
}

export function isRiskClass(value: unknown): value is RiskClass {
  return typeof value === 'string' && (RISK_CLASSES as readonly string[]).includes(value);
}

/** The decision for one tool: its override if the household set one, else its class's. */
export function decideRisk(policy: RiskPolicy, tool: string, declared: RiskClass | undefined): RiskVerdict {
  const risk = declared ?? UNDECLARED_RISK;
  const override = Object.prototype.hasOwnProperty.call(policy.overrides, tool) ? policy.overrides[tool] : undefined;
  if (override) return { risk, decision: override, rule: `override:${tool}` };
  return { risk, decision: policy.classes[risk], rule: `class:${risk}` };
}

export const MAX_RISK_OVERRIDES = 200;

/** The body of `PUT /api/policy/risk`. */
export const riskPolicySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['classes', 'overrides'],
  properties: {
    classes: {
      type: 'object',
      additionalProperties: false,
      required: [...RISK_CLASSES],
      properties: Object.fromEntries(RISK_CLASSES.map((c) => [c, { enum: [...RISK_DECISIONS] }])),
    },
    overrides: {
      type: 'object',
      maxProperties: MAX_RISK_OVERRIDES,
      propertyNames: { pattern: '^[A-Za-z0-9_]{1,128}$' },
      additionalProperties: { enum: [...RISK_DECISIONS] },
    },
  },
} as const;

/** One tool as the policy sees it now. */
export interface RiskToolView {
  readonly name: string;
  readonly risk: RiskClass;
  readonly decision: RiskDecision;
  readonly rule: string;
}

/** `GET /api/policy/risk` and the answer to `PUT /api/policy/risk`. */
export interface RiskPolicyResponse {
  readonly policy: RiskPolicy;
  readonly tools: readonly RiskToolView[];
}

/**
 * A manifest's `requires_confirmation: true` is a declaration of risk: such an action is never
 * less than `disruptive`. Used where a skill's or worker's action is declared.
 */
export function declaredRisk(risk: RiskClass | undefined, requiresConfirmation: boolean | undefined): RiskClass | undefined {
  if (requiresConfirmation !== true) return risk;
  const at = RISK_CLASSES.indexOf(risk ?? UNDECLARED_RISK);
  return RISK_CLASSES[Math.max(at, RISK_CLASSES.indexOf('disruptive'))];
}

// ---------------------------------------------------------------------------
// Member roles and the one gate.

/** Every member has one role; the role decides on the server, on every path. */
export const MEMBER_ROLES = ['admin', 'adult', 'child', 'guest'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

/**
 * What the gate answers for one tool call: `run` it; `ask` the household's "ja" first (the
 * assistant's pending confirmation); wait for an admin's `approve`; or `refuse` it.
 */
export const GATE_OUTCOMES = ['run', 'ask', 'approve', 'refuse'] as const;
export type GateOutcome = (typeof GATE_OUTCOMES)[number];

export interface GateDecision {
  readonly outcome: GateOutcome;
  readonly risk: RiskClass;
  /** Which rule decided: `override:<tool>`, `class:<risk>` or `role:<role>:<what>`. */
  readonly rule: string;
  /** The asker's role the decision was made for. */
  readonly role: MemberRole;
}

/** `{risk}` when there is one: for descriptors under exactOptionalPropertyTypes. */
export function withRisk(risk: RiskClass | undefined): { risk?: RiskClass } {
  return risk ? { risk } : {};
}
