import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isRiskClass, RISK_CLASSES, type RiskClass } from '../../src-shared';
import { Refusal } from '../platform/errors';
import { DOMAIN_RULES } from './domains';

// How much switching one Home Assistant entity can disturb the home, per entity rather than
// per domain: a lock, a garage door, an alarm panel or a cover (blinds close on someone,
// a door opens to the street) is disruptive or more by default, a light or a speaker is not.
// A household can raise or lower one entity; the risk gate reads it through the domain
// tool's riskOfCall.
/** The most overrides a household keeps; a longer file is refused, not half read. */
export const MAX_ENTITY_OVERRIDES = 1000;
const ENTITY_ID = /^[a-z_]+\.[a-z0-9_]{1,200}$/;

const rank = (r: RiskClass) => RISK_CLASSES.indexOf(r);
const atLeast = (r: RiskClass, floor: RiskClass): RiskClass => (rank(r) >= rank(floor) ? r : floor);

/** The risk an entity has unless the household said otherwise. */
export function defaultEntityRisk(entityId: string): RiskClass {
  const domain = entityId.split('.')[0] ?? '';
  const rule = Object.hasOwn(DOMAIN_RULES, domain) ? DOMAIN_RULES[domain as keyof typeof DOMAIN_RULES] : undefined;
  const base: RiskClass = rule?.risk ?? 'disruptive';
  // Whatever kind of cover (blind, awning, garage door, gate): it moves on its own in the room
  // or opens the house, so an agent asks first.
  if (domain === 'lock' || domain === 'alarm_control_panel' || domain === 'cover') return atLeast(base, 'disruptive');
  return base;
}

/** A per-entity setting JARVIS does not keep; the server answers 400 and nothing changed. */
export class EntityRiskError extends Refusal {
  constructor(message: string) {
    super('invalid', 'ENTITY_RISK_INVALID', message);
  }
}

/** The household's per-entity risk classes, kept in one small JSON file ({entity_id: class}). */
export class EntityRiskOverrides {
  private table = new Map<string, RiskClass>();

  constructor(private readonly file: string | undefined) {
    this.table = this.read();
  }

  get(entityId: string): RiskClass | undefined {
    return this.table.get(entityId);
  }

  list(): Record<string, RiskClass> {
    return Object.fromEntries([...this.table].sort(([a], [b]) => a.localeCompare(b)));
  }

  /** Raises or lowers one entity; `undefined` gives it back its default. Bad input changes nothing. */
  set(entityId: string, risk: RiskClass | undefined): void {
    if (!ENTITY_ID.test(entityId)) throw new EntityRiskError(`„${entityId.slice(0, 80)}“ ist keine Home-Assistant-Entität.`);
    if (risk !== undefined && !isRiskClass(risk)) throw new EntityRiskError(`Unbekannte Risikostufe: ${String(risk).slice(0, 40)}`);
    const next = new Map(this.table);
    if (risk === undefined) next.delete(entityId);
    else next.set(entityId, risk);
    if (next.size > MAX_ENTITY_OVERRIDES)
      throw new EntityRiskError(`Mehr als ${MAX_ENTITY_OVERRIDES} Einzeleinstellungen werden nicht gespeichert.`);
    this.write(next);
    this.table = next;
  }

  private read(): Map<string, RiskClass> {
    if (!this.file || !existsSync(this.file)) return new Map();
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      return new Map();
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return new Map();
    const out = new Map<string, RiskClass>();
    for (const [id, risk] of Object.entries(value as Record<string, unknown>)) {
      if (out.size >= MAX_ENTITY_OVERRIDES) break;
      if (ENTITY_ID.test(id) && isRiskClass(risk)) out.set(id, risk);
    }
    return out;
  }

  private write(table: Map<string, RiskClass>): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(Object.fromEntries(table), null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}

/** riskOfEntity for the gate: the household's override, else the entity's default. */
export function entityRiskReader(overrides: EntityRiskOverrides): (entityId: string) => RiskClass {
  return (entityId) => overrides.get(entityId) ?? defaultEntityRisk(entityId);
}

/** The highest risk among the entities one call reaches. */
export function riskOfTargets(entityIds: readonly string[], riskOfEntity: (id: string) => RiskClass): RiskClass {
  let highest: RiskClass = 'read';
  for (const id of entityIds) highest = atLeast(riskOfEntity(id), highest);
  return highest;
}
