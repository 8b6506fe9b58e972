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
