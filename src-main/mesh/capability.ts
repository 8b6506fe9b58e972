import type { SkillProposal } from '../../src-shared';
import type { Capability, Platform } from '../platform/capability';
import { inProcess, type ProtocolCapability } from '../protocol';
import type { SkillsService } from '../skills';
import { registerMeshApiRoutes, registerMeshWorkerRoutes } from './routes';
import { MeshService } from './service';

export interface MeshCapability extends Capability {
  readonly service: MeshService;
}

/**
 * The distributed skill mesh: runtime workers enroll on the mesh listener, the actions of
 * the skills the household activated join the one registry as provider `remote`, and
 * leases keep the registry honest. The skill listing shows remote skills beside the local
 * ones, with their proposals.
 */
export interface MeshDeps {
  readonly protocol: ProtocolCapability;
  /** The skill listing, which shows the workers' skills beside the local ones. */
  readonly skills?: Pick<SkillsService, 'showRemoteSkills'>;
}

export function createMesh(ctx: Platform, { protocol, skills }: MeshDeps): MeshCapability {
  // The worker a skill is activated from is allowed in the same admin's name, through the
  // same decision route's checks (household member with skill.decide).
  const mesh = new MeshService(ctx, protocol.recorder, (proposalId, actorId) => {
    protocol.service.decideSkill(inProcess(actorId), proposalId, { decision: 'accept' });
  });
  ctx.registry.addProvider(mesh.provider);
  skills?.showRemoteSkills(() => mesh.skillInfos());
  // A household decision on a SkillProposal (UI or any protocol client) takes effect at once.
  const stopWatchingDecisions = protocol.service.onChange((change) => {
    if (change.op !== 'decideSkill') return;
    const decided = change.body as Partial<SkillProposal> | undefined;
    mesh.decided(
      decided?.proposal_id && decided.skill_id && decided.status
        ? { proposalId: decided.proposal_id, actorId: change.actorId, status: decided.status, skillId: decided.skill_id }
        : undefined,
    );
  });
  ctx.status.set('mesh', () => {
    if (!mesh.enabled) return { state: 'off', detail: mesh.offReason!, code: 'mesh.off' };
    const workers = mesh.roster.live();
    const actions = mesh.provider.list().length;
    return {
      state: 'ok',
      detail: `${workers.length} worker(s), ${actions} remote action(s)`,
      code: 'mesh.ready',
      params: { workers: workers.length, actions },
    };
  });
  let sweeper: NodeJS.Timeout | undefined;
  return {
    name: 'mesh',
    service: mesh,
    routes: (app) => registerMeshApiRoutes(app, mesh),
    meshRoutes: (app) => registerMeshWorkerRoutes(app, mesh),
    start() {
      if (!mesh.enabled) return;
      // Leases are read against ctx.clock whenever the roster is touched; the timer only
      // makes sure an idle master still drops workers that went silent.
      const every = Math.max(50, Math.min(1000, Math.floor(ctx.config.meshLeaseMs / 4)));
      sweeper = setInterval(() => mesh.roster.sweep(), every);
      sweeper.unref();
    },
    async stop() {
      stopWatchingDecisions();
      if (sweeper) clearInterval(sweeper);
      sweeper = undefined;
      await mesh.close();
    },
  };
}
