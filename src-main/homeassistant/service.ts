import {
  isHomeAssistantDomain,
  toolFailure,
  toolSuccess,
  type HomeAssistantDomain,
  type HomeAssistantEntityView,
  type HomeAssistantView,
  type RiskClass,
  type ToolResult,
} from '../../src-shared';
import { defaultEntityRisk, EntityRiskError, EntityRiskOverrides, entityRiskReader, riskOfTargets } from './entity-risk';
import { DOMAIN_RULES } from './domains';
import { areaViews, entityView, homeEntities, matchAreas, type HomeEntity, type ToolBlocked } from './home-model';
import { HomeAssistantRefusal, type HaSnapshot, type HomeAssistantLink } from './link';
import { findArea, matchEntities } from './name-match';

// What the rest of JARVIS asks of Home Assistant: the view for the Zuhause screen, the
// states of what a phrase names, and service calls on what a phrase names. Every answer
// is built from Home Assistant's own registries and states.

export interface StateQuery {
  readonly target?: string;
  readonly domain?: string;
}

export interface ServiceCall {
  readonly domain: HomeAssistantDomain;
  readonly service: string;
  readonly target: string;
  readonly data?: Record<string, unknown>;
}

/** Keys a service call never takes from the caller: the target is what JARVIS resolved. */
const TARGET_KEYS = new Set(['entity_id', 'device_id', 'area_id', 'floor_id', 'label_id']);

export class HomeAssistantService {
  /** Undefined while HOMEASSISTANT_URL or HOMEASSISTANT_TOKEN is not set. */
  constructor(
    private link: HomeAssistantLink | undefined,
    private url: string | undefined,
    /** Whether the risk policy refuses a tool now; the view marks those devices' buttons. */
    private readonly blocked: ToolBlocked = () => false,
    /** The household's per-entity risk classes (the risk gate reads riskOfEntity). */
    readonly entityRisk: EntityRiskOverrides = new EntityRiskOverrides(undefined),
  ) {}

  /** How much switching this entity can disturb the home: the household's own setting, else its default. */
  riskOfEntity(entityId: string): RiskClass {
    return entityRiskReader(this.entityRisk)(entityId);
  }

  /**
   * The household raises or lowers one entity (`null` gives it back its default). Only an
   * entity Home Assistant has in a domain JARVIS acts on; bad input throws EntityRiskError
   * and changes nothing.
   */
  setEntityRisk(entityId: string, risk: RiskClass | null): HomeAssistantView {
    const snapshot = this.link?.current();
    const acting =
      snapshot !== undefined && homeEntities(snapshot).some((e) => e.entity_id === entityId && isHomeAssistantDomain(e.domain));
    if (!acting) throw new EntityRiskError('Dieses Gerät kennt Home Assistant nicht, oder JARVIS schaltet es nicht.');
    this.entityRisk.set(entityId, risk ?? undefined);
    return this.view();
  }

  /** The highest per-entity risk among what a phrase names (for the gate before a call), or undefined when it names nothing. */
  riskOfTarget(domain: HomeAssistantDomain, target: string): RiskClass | undefined {
    const link = this.link;
    if (!link) return undefined;
    const snapshot = link.current();
    // The Zuhause buttons name the entity itself: no name matching needed.
    if (target.startsWith(`${domain}.`) && snapshot.states.has(target)) return this.riskOfEntity(target);
    const match = matchEntities(target, domain, homeEntities(snapshot), matchAreas(snapshot));
    if (match.kind === 'none') return undefined;
    return riskOfTargets(match.entity_ids, (id) => this.riskOfEntity(id));
  }

  /** The household connected (or disconnected) Home Assistant in the app: reads go to the new link. */
  useLink(link: HomeAssistantLink | undefined, url: string | undefined): void {
    this.link = link;
    this.url = url;
  }

  get configured(): boolean {
    return this.link !== undefined;
  }

  view(): HomeAssistantView {
    const link = this.link;
    if (!link) return { connection: 'not_configured', areas: [], unassigned: [] };
    const snapshot = link.current();
    const { areas, unassigned } = areaViews(snapshot, this.blocked, (id) => ({
      risk: this.riskOfEntity(id),
      set: this.entityRisk.get(id) !== undefined,
      default: defaultEntityRisk(id),
    }));
    const problem = link.problem;
    const heard = link.lastHeard;
    return {
      connection: link.connectionState,
      // While the link is down the states are the last ones heard: the screen says since when.
      ...(link.connectionState !== 'connected' && heard ? { last_live_update: heard } : {}),
      ...(this.url ? { url: this.url } : {}),
      ...(problem ? { detail: problem } : {}),
      areas,
      unassigned,
      ...(snapshot.synced_at ? { synced_at: snapshot.synced_at } : {}),
    };
  }

  /** The Home Assistant area a phrase names ("Wohnzimmer", "living room"), while connected. */
  areaNamed(text: string): { area_id: string; name: string } | undefined {
    if (!this.link || this.link.connectionState !== 'connected') return undefined;
    const area = findArea(text, matchAreas(this.link.current()));
    return area ? { area_id: area.area_id, name: area.name } : undefined;
  }

  /** The room a phrase names, if Home Assistant is connected and has a device of this domain there (for sentence templates). */
  findRoom(text: string, domain: HomeAssistantDomain): { name: string } | undefined {
    const area = this.areaNamed(text);
    return area && this.areaHas(area.area_id, domain) ? { name: area.name } : undefined;
  }

  /** Whether an area holds at least one entity of this domain. */
  areaHas(areaId: string, domain: HomeAssistantDomain): boolean {
    if (!this.link) return false;
    return homeEntities(this.link.current()).some((e) => e.area_id === areaId && e.domain === domain);
  }

  /** Home Assistant's service list has been read (after the first sync). */
  get servicesKnown(): boolean {
    return this.link?.current().synced_at !== undefined;
  }

  /** The advertised fields of a domain's services, for tool descriptions ({turn_on: ['brightness_pct', …]}). */
  serviceFields(domain: HomeAssistantDomain): Record<string, string[]> | undefined {
    const services = this.link?.current().services[domain];
    if (!services) return undefined;
    const out: Record<string, string[]> = {};
    for (const name of DOMAIN_RULES[domain].services) {
      const s = services[name];
      if (s) out[name] = serviceFieldNames(s.fields).slice(0, 20);
    }
    return out;
  }

  state(query: StateQuery): ToolResult<{ entities: HomeAssistantEntityView[] }> {
    const ready = this.ready();
    if ('error' in ready) return ready.error;
    const all = homeEntities(ready.snapshot);
    let found: HomeEntity[];
    if (!query.target?.trim()) {
      found = query.domain ? all.filter((e) => e.domain === query.domain) : all;
    } else {
      const match = matchEntities(query.target, query.domain, all, matchAreas(ready.snapshot));
      if (match.kind === 'none') return toolFailure('NOT_FOUND', `In Home Assistant gibt es nichts, das „${query.target}“ heißt.`);
      const ids = new Set(match.entity_ids);
      found = all.filter((e) => ids.has(e.entity_id));
    }
    const entities = found.slice(0, 50).map((e) => entityView(e));
    const message =
      entities.length === 0
        ? 'Home Assistant meldet dazu nichts.'
        : entities.map((e) => `${e.name}: ${e.state}${e.unit ? ` ${e.unit}` : ''}`).join('; ');
    return toolSuccess({ entities }, message, false);
  }

  async call(request: ServiceCall): Promise<ToolResult<{ entity_ids: string[]; service: string }>> {
    const ready = this.ready();
    if ('error' in ready) return ready.error;
    const { domain, service, target } = request;
    const data = request.data ?? {};
    if (!DOMAIN_RULES[domain].services.includes(service)) {
      return toolFailure('INVALID_ARGUMENTS', `${domain}.${service} ist keine Aktion, die JARVIS ausführt.`, '/service');
    }
    const advertised = ready.snapshot.services[domain]?.[service];
    if (!advertised) return toolFailure('NOT_OFFERED', `Home Assistant bietet ${domain}.${service} nicht an.`);
    for (const key of Object.keys(data)) {
      if (TARGET_KEYS.has(key))
        return toolFailure('INVALID_ARGUMENTS', `„${key}“ wird aus dem Ziel bestimmt, nicht aus den Daten.`, `/data/${key}`);
      if (!serviceFieldNames(advertised.fields).includes(key)) {
        return toolFailure('INVALID_ARGUMENTS', `${domain}.${service} kennt das Feld „${key}“ nicht.`, `/data/${key}`);
      }
    }
    const all = homeEntities(ready.snapshot);
    const match = matchEntities(target, domain, all, matchAreas(ready.snapshot));
    if (match.kind === 'none')
      return toolFailure('NOT_FOUND', `In Home Assistant gibt es kein ${domain}, das „${target}“ heißt.`, '/target');
    if (match.kind === 'ambiguous') {
      const names = all.filter((e) => match.entity_ids.includes(e.entity_id)).map((e) => e.name);
      return toolFailure('AMBIGUOUS', `„${target}“ passt auf mehrere: ${names.slice(0, 8).join(', ')}. Welches ist gemeint?`, '/target');
    }
    const ids = [...match.entity_ids];
    try {
      await this.link!.callService(domain, service, ids, data);
    } catch (err) {
      const refusal = err instanceof HomeAssistantRefusal ? err : new HomeAssistantRefusal('error', String(err));
      const what = all
        .filter((e) => ids.includes(e.entity_id))
        .map((e) => e.name)
        .join(', ');
      if (refusal.code === 'timeout' || refusal.code === 'connection_lost') {
        // Not a refusal: Home Assistant may run it when it resumes. The link checks the states when it is back.
        return {
          ...toolFailure(
            'UNCONFIRMED',
            `Ich konnte es nicht bestätigen: Home Assistant hat nicht rechtzeitig geantwortet. Ob ${what} umgeschaltet wurde, ist offen; ich sehe nach, sobald die Verbindung wieder steht, und sage Bescheid.`,
          ),
          mutated: true,
        };
      }
      return toolFailure('HOMEASSISTANT_REFUSED', `Home Assistant hat ${domain}.${service} abgelehnt: ${refusal.message}`);
    }
    const names = all.filter((e) => ids.includes(e.entity_id)).map((e) => e.name);
    return toolSuccess({ entity_ids: ids, service: `${domain}.${service}` }, `${domain}.${service}: ${names.join(', ')}`, true);
  }

  private ready(): { snapshot: HaSnapshot } | { error: ToolResult<never> } {
    const link = this.link;
    if (!link) return { error: toolFailure('NOT_CONFIGURED', 'Home Assistant ist nicht eingerichtet.') };
    if (link.connectionState !== 'connected') {
      return {
        error: toolFailure('NOT_CONNECTED', `Home Assistant ist gerade nicht verbunden${link.problem ? ` (${link.problem})` : ''}.`),
      };
    }
    return { snapshot: link.current() };
  }
}

/**
 * The field names of a service as Home Assistant describes it. Fields grouped in a section
 * (`advanced_fields: {collapsed, fields: {color_name, brightness, flash}}`) are fields of
 * the service like the others; the section's own name is not one.
 */
export function serviceFieldNames(fields: unknown): string[] {
  if (!fields || typeof fields !== 'object') return [];
  const out: string[] = [];
  for (const [name, spec] of Object.entries(fields as Record<string, unknown>)) {
    const inner = spec && typeof spec === 'object' ? (spec as { fields?: unknown }).fields : undefined;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const sub of Object.keys(inner)) if (!out.includes(sub)) out.push(sub);
    } else if (!out.includes(name)) out.push(name);
  }
  return out;
}
