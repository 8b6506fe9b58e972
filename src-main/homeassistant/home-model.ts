import type { HassEntity } from 'home-assistant-js-websocket';
import {
  homeAssistantToolName,
  isHomeAssistantDomain,
  type HomeAssistantAreaView,
  type HomeAssistantEntityView,
  type RiskClass,
} from '../../src-shared';
import { DOMAIN_RULES, READ_ONLY_DOMAINS } from './domains';
import type { HaSnapshot } from './link';
import type { MatchArea, MatchCandidate } from './name-match';

// Joins Home Assistant's registries with the live states: which area an entity is in (its
// own or its device's), what it is called, and what the household can do with it.

export interface HomeEntity extends MatchCandidate {
  readonly state: HassEntity | undefined;
}

const MAX_ENTITIES = 2000;

/** Entities of the acting and reporting domains, hidden and disabled ones left out. */
export function homeEntities(snapshot: HaSnapshot): HomeEntity[] {
  const devices = new Map(snapshot.devices.map((d) => [d.id, d]));
  const entries = new Map(snapshot.entries.map((e) => [e.entity_id, e]));
  const out: HomeEntity[] = [];
  for (const [entityId, state] of snapshot.states) {
    const domain = entityId.split('.')[0] ?? '';
    if (!isHomeAssistantDomain(domain) && !READ_ONLY_DOMAINS.includes(domain)) continue;
    const entry = entries.get(entityId);
    if (entry?.disabled_by || entry?.hidden_by) continue;
    const device = entry?.device_id ? devices.get(entry.device_id) : undefined;
    const areaId = entry?.area_id ?? device?.area_id ?? undefined;
    const friendly = typeof state.attributes?.friendly_name === 'string' ? state.attributes.friendly_name : undefined;
    const name = entry?.name ?? friendly ?? entry?.original_name ?? entityId.split('.')[1] ?? entityId;
    out.push({
      entity_id: entityId,
      domain,
      name,
      state,
      ...(areaId ? { area_id: areaId } : {}),
      ...(entry?.aliases ? { aliases: entry.aliases } : {}),
      ...(entry?.entity_category ? { entity_category: entry.entity_category } : {}),
    });
    if (out.length >= MAX_ENTITIES) break;
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export function matchAreas(snapshot: HaSnapshot): MatchArea[] {
  return snapshot.areas.map((a) => ({ area_id: a.area_id, name: a.name, ...(a.aliases ? { aliases: a.aliases } : {}) }));
}

/** Whether the household's risk policy refuses switching this entity with this tool, as it stands now. */
export type ToolBlocked = (tool: string, entityId: string) => boolean;
/** An entity's risk now and whether the household set it itself. */
export type EntityRiskOf = (entityId: string) => EntityRisk;
export interface EntityRisk {
  readonly risk: RiskClass;
  readonly set: boolean;
  readonly default: RiskClass;
}

export function entityView(e: HomeEntity, blocked: ToolBlocked = () => false, riskOf?: EntityRiskOf): HomeAssistantEntityView {
  const unit = e.state?.attributes?.unit_of_measurement;
  const acting = isHomeAssistantDomain(e.domain) ? e.domain : undefined;
  return {
    entity_id: e.entity_id,
    domain: e.domain,
    name: e.name,
    state: e.state?.state ?? 'unknown',
    ...(typeof unit === 'string' ? { unit } : {}),
    ...(e.area_id ? { area_id: e.area_id } : {}),
    actions: acting ? DOMAIN_RULES[acting].quick : [],
    ...(acting ? { tool: homeAssistantToolName(acting) } : {}),
    ...(acting && blocked(homeAssistantToolName(acting), e.entity_id) ? { blocked: true } : {}),
    ...(acting && riskOf ? riskView(riskOf(e.entity_id)) : {}),
  };
}

function riskView(r: EntityRisk): Pick<HomeAssistantEntityView, 'risk' | 'risk_set_by_household' | 'risk_default'> {
  return { risk: r.risk, risk_default: r.default, ...(r.set ? { risk_set_by_household: true } : {}) };
}

/** Areas in Home Assistant's order with their entities; entities without an area apart. */
export function areaViews(
  snapshot: HaSnapshot,
  blocked: ToolBlocked,
  riskOf?: EntityRiskOf,
): { areas: HomeAssistantAreaView[]; unassigned: HomeAssistantEntityView[] } {
  const entities = homeEntities(snapshot).map((e) => entityView(e, blocked, riskOf));
  const areas = snapshot.areas
    .map((a) => ({ area_id: a.area_id, name: a.name, entities: entities.filter((e) => e.area_id === a.area_id) }))
    .filter((a) => a.entities.length > 0);
  const known = new Set(snapshot.areas.map((a) => a.area_id));
  const unassigned = entities.filter((e) => !e.area_id || !known.has(e.area_id)).filter((e) => e.tool !== undefined);
  return { areas, unassigned };
}
