import {
  declaredRisk,
  skillToolName,
  UNDECLARED_RISK,
  type SkillActionInfo,
  type SkillInfo,
  type SkillsResponse,
  type SkillSourceError,
  type ToolProviderKind,
} from '../../../src-shared';
import type { RegisteredTool, SkillRegistry } from '../../platform/registry/registry';
import { OPENJARVIS_ACTION, toolNamesOf, type SkillEntry } from '../loader';
import { overlayExamplesXml } from '../overlay-prompt';
import type { TrustVerdict } from '../trust';
import type { OverlayView } from './overlay-view';
import type { SkillAdmission } from './types';

/** What the listing reads of the engine's loaded skills and verdicts. */
export interface SkillView {
  readonly registry: SkillRegistry;
  readonly skills: readonly SkillEntry[];
  /** The sources' own errors (unreadable folders, broken manifests). */
  readonly errors: readonly SkillSourceError[];
  readonly overlays: OverlayView;
  verdict(s: SkillEntry): TrustVerdict | undefined;
  /** Why a valid, enabled skill cannot run on this host. */
  blocker(s: SkillEntry): string | undefined;
  stepWarnings(s: SkillEntry): string[];
  allowedToolsMissing(s: SkillEntry): string | undefined;
  admission(s: SkillEntry): SkillAdmission | undefined;
  usable(s: SkillEntry): boolean;
}

/** One skill the model may be offered: its catalog element and its tools. */
export interface CatalogSkill {
  readonly id: string;
  readonly line: string;
  readonly tools: string[];
}

function xmlAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, ' ');
}

/** license, compatibility, allowed-tools and metadata as the skill declares them. */
function declaredFields(s: SkillEntry): Pick<SkillInfo, 'license' | 'compatibility' | 'allowed_tools' | 'metadata'> {
  if (s.format === 'jarvis.skill.v1') return s.manifest?.license ? { license: s.manifest.license } : {};
  const d = s.definition;
  if (!d) return {};
  return {
    ...(d.license ? { license: d.license } : {}),
    ...(d.compatibility ? { compatibility: d.compatibility } : {}),
    ...(d.allowed_tools ? { allowed_tools: d.allowed_tools } : {}),
    ...(d.metadata ? { metadata: d.metadata } : {}),
  };
}

/** Every skill the model may be offered, each with its catalog element and its tools. */
export function catalogSkills(view: SkillView): CatalogSkill[] {
  const offered = view.skills.filter((s) => view.usable(s) && !s.disable_model_invocation);
  const loads = view.overlays.loads();
  const active = new Map(offered.flatMap((s) => [[s.id, view.overlays.active(s, loads)] as const]));
  const examples = overlayExamplesXml([...active.values()].filter((o) => o !== undefined));
  return offered.map((s) => {
    const head = `  <skill name="${xmlAttr(s.id)}" description="${xmlAttr(active.get(s.id)?.description ?? s.description)}"`;
    const own = examples.get(s.id);
    const line = own ? [`${head}>`, ...own.map((e) => `    ${e}`), '  </skill>'].join('\n') : `${head} />`;
    return { id: s.id, line, tools: toolNamesOf(s) };
  });
}

/** One skill as GET /api/skills and `jarvis skill info` show it. */
export function skillInfo(s: SkillEntry, view: SkillView): SkillInfo {
  const verdict = view.verdict(s);
  const warnings = [...s.warnings, ...(verdict?.warnings ?? [])];
  const blocker = s.errors.length === 0 ? view.blocker(s) : undefined;
  if (blocker) warnings.push(blocker);
  if (s.errors.length === 0) warnings.push(...view.stepWarnings(s));
  const allowedMissing = view.allowedToolsMissing(s);
  if (allowedMissing) warnings.push(allowedMissing);
  const loads = view.overlays.loads();
  const overlayProblem = view.overlays.problem(s, loads);
  if (overlayProblem) warnings.push(overlayProblem);
  const overlay = view.overlays.of(s, loads);
  const learning = overlay ? view.overlays.learning(overlay) : undefined;
  if (overlay?.stale) warnings.push(`overlay ${overlay.file} is stale: made for another version of the skill's files, not used`);
  const actions: SkillActionInfo[] =
    s.format === 'jarvis.skill.v1'
      ? (s.manifest?.actions ?? []).map((a) => ({
          name: a.name,
          tool: skillToolName(s.id, a.name),
          description: a.description,
          mutates: a.mutates === true,
          requires_confirmation: a.requires_confirmation === true,
          risk: declaredRisk(a.risk, a.requires_confirmation) ?? UNDECLARED_RISK,
        }))
      : s.definition
        ? [
            {
              name: OPENJARVIS_ACTION,
              tool: skillToolName(s.id, OPENJARVIS_ACTION),
              description: s.description,
              mutates: s.capabilities.some((c) => c.endsWith(':write')),
              requires_confirmation: false,
              risk: s.definition.risk,
            },
          ]
        : [];
  return {
    id: s.id,
    name: s.name,
    version: s.version,
    description: s.description,
    provider: 'plugin',
    format: s.format,
    source: s.dir,
    tier: s.tier,
    // Without a verdict (its files unreadable right now) an installed skill proves nothing.
    trust: verdict?.trust ?? (s.tier === 'user' ? 'unreviewed' : s.trust),
    ...(verdict?.integrity ? { integrity: verdict.integrity } : {}),
    ...(verdict?.signature ? { signature: verdict.signature } : {}),
    enabled: view.usable(s),
    user_invocable: s.user_invocable,
    disable_model_invocation: s.disable_model_invocation,
    capabilities: s.capabilities,
    ...(s.sha256 ? { sha256: s.sha256 } : {}),
    ...activationOf(s, view.admission(s)),
    actions,
    errors: s.errors,
    warnings,
    ...(s.shadowed_by ? { shadowed_by: s.shadowed_by } : {}),
    ...(blocker ? { unavailable: blocker } : {}),
    ...declaredFields(s),
    ...(overlay
      ? {
          overlay: {
            description: overlay.overlay.description,
            examples: overlay.overlay.examples,
            stale: overlay.stale,
            policy: overlay.overlay.policy,
            created_at: overlay.overlay.created_at,
            ...(learning ? { learning } : {}),
          },
        }
      : {}),
  };
}

/** Where the skill's SkillProposal stands, for the household's buttons. */
export function activationOf(s: SkillEntry, admission: SkillAdmission | undefined): Pick<SkillInfo, 'activation'> {
  // The admission belongs to the skill offered under this id, not to a shadowed copy.
  const a = s.errors.length === 0 && !s.shadowed_by ? admission : undefined;
  if (!a?.proposal_id) return {};
  const status = a.state === 'active' ? 'activated' : a.state;
  return {
    activation: {
      proposal_id: a.proposal_id,
      status,
      ...(a.integration_secrets?.length ? { integration_secrets: a.integration_secrets } : {}),
    },
  };
}

/**
 * The whole registry as skills: plugin skills from the folders, the core tools grouped by
 * domain, remote actions grouped by skill (or `remote`, the mesh's own listing with the
 * skills that wait for the household), and every tool-name clash between providers.
 */
/** `shown`: skills of a provider kind listed by that provider itself, in place of its registry tools. */
export function registryListing(view: SkillView, shown: ReadonlyMap<ToolProviderKind, readonly SkillInfo[]>): SkillsResponse {
  const registry = view.registry;
  const errors: SkillSourceError[] = [...view.errors];
  const shadowedPlugin = new Map<string, string>();
  for (const c of registry.collisions()) {
    for (const s of c.shadowed) {
      const message = `tool ${c.name} from ${s.provider} ${s.source} is shadowed by the ${c.winner.provider} tool from ${c.winner.source}`;
      errors.push({ source: s.source, message });
      if (s.provider === 'plugin') shadowedPlugin.set(c.name, message);
    }
  }
  const skills: SkillInfo[] = view.skills.map((s) => {
    const info = skillInfo(s, view);
    const extra = info.actions.flatMap((a) => (shadowedPlugin.has(a.tool) ? [shadowedPlugin.get(a.tool) as string] : []));
    return extra.length > 0 ? { ...info, warnings: [...info.warnings, ...extra] } : info;
  });

  const groups = new Map<string, { tools: RegisteredTool[]; provider: Exclude<ToolProviderKind, 'plugin'>; source: string }>();
  for (const tool of registry.list()) {
    if (tool.provider === 'plugin' || shown.has(tool.provider)) continue;
    const key = tool.provider === 'core' ? `core.${tool.name.split('_')[0]}` : `${tool.skill_id ?? tool.name}@${tool.source}`;
    const g = groups.get(key) ?? { tools: [], provider: tool.provider, source: tool.source };
    g.tools.push(tool);
    groups.set(key, g);
  }
  for (const [key, g] of groups) {
    const id = g.provider === 'core' ? key : (g.tools[0]?.skill_id ?? key);
    skills.push({
      id,
      name: id,
      version: '',
      provider: g.provider,
      format: g.provider,
      source: g.source,
      trust: g.provider === 'core' ? 'core' : 'unreviewed',
      enabled: true,
      user_invocable: true,
      disable_model_invocation: false,
      capabilities: [],
      actions: g.tools.map((t) => ({
        name: t.action ?? t.name,
        tool: t.name,
        description: t.description,
        mutates: t.mutates,
        requires_confirmation: t.requires_confirmation,
      })),
      errors: [],
      warnings: [],
    });
  }
  for (const infos of shown.values()) skills.push(...infos);
  return { skills, errors };
}
