import type { FastifyInstance } from 'fastify';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '../../src-shared';
import { createApprovals, type ApprovalsCapability } from '../approvals';
import { createAccess, type AccessCapability, type LocalAccessOptions } from '../access';
import { createCaldav, type CaldavCapability } from '../caldav';
import { createBackupCapability, prepareUpgrade, rollBackUpgrade, type BackupCapability } from '../backup';
import { createAssistant, type AssistantCapability, type AssistantDeps } from '../assistant';
import { createDocker } from '../docker';
import { createHomeAssistant, type HomeAssistantCapability, type HomeAssistantOptions } from '../homeassistant';
import { createHome, type HomeCapability } from '../home';
import { createHousehold, type HouseholdCapability } from '../household';
import { KNOWN_SCHEMAS, knownObjects } from './schemas';
import { createKnowledge, ragFilesDir, type KnowledgeCapability } from '../knowledge';
import { createMcp, type McpCapability } from '../mcp';
import { createMesh, type MeshCapability } from '../mesh';
import { createNotify, type NotifyCapability } from '../notify';
import type { ApiListener, Capability, Platform, RouteRule } from '../platform/capability';
import { configSecrets, createEffectiveConfig, type Config, type EffectiveConfig } from '../platform/config';
import { idempotencyKeysIn, openDatabase, type IdempotencyKeys } from '../platform/database';
import { EventBus } from '../platform/events';
import { createHttpServer, registeredRoutes, setCertificate, type RouteInfo } from '../platform/http';
import { SkillRegistry } from '../platform/registry';
import { StatusBoard } from '../platform/status';
import { createLogger, defaultTraceDir, Tracer, type Logger } from '../platform/trace';
import { createPolicy, type PolicyCapability } from '../policy';
import { createProtocol, recordedVerdict, type ProtocolCapability } from '../protocol';
import { createSettings, type SecretSealer, type SettingsCapability } from '../settings';
import { createSkills, type SkillsCapability } from '../skills';
import { createSystem } from '../system';
import { createVoice, type VoiceAssistant, type VoiceCapability, type VoiceSetupOptions } from '../voice';
import { afterFirstAnswer } from './after-first-answer';
import { freshDatabaseBesideBundle } from './fresh-database';

export type { Capability, Platform } from '../platform/capability';

export interface MasterOptions {
  readonly clock?: () => Date;
  /** Built renderer; defaults to dist/renderer next to the bundle. */
  readonly uiDir?: string;
  readonly logger?: Logger;
  /**
   * Capabilities started after the built-in ones: the desktop's launch-secret guard, and
   * the probes and stand-ins of integration tests.
   */
  readonly extra?: readonly ((platform: Platform) => Capability)[];
  /** The assistant voice hands its transcripts to, in place of the real one (tests that need no model). */
  readonly voiceAssistant?: VoiceAssistant;
  /** A stand-in for the documents the assistant's Task Scout reads (tests). */
  readonly documents?: AssistantDeps['documents'];
  /** Home Assistant's retry pause (tests shorten it). */
  readonly homeAssistant?: HomeAssistantOptions;
  /** Seals the secrets typed into the app: the desktop's keychain; default a key file beside the database. */
  readonly secretSealer?: SecretSealer;
  /** Who on this machine acts as the desktop on the loopback listener (the desktop passes its launch secret). */
  readonly localAccess?: LocalAccessOptions;
  /**
   * Given by the host (hostMaster): stops this master, runs `between` on the closed
   * database and starts a new one in its place. Without it, a restore needs `jarvis restore`.
   */
  readonly restart?: (between: () => void) => void;
  /** Where "Set up voice" downloads from and how long it waits (tests point it at a stand-in). */
  readonly voiceSetup?: VoiceSetupOptions;
  /** The empty database a new install starts from; default the one the build wrote beside the bundle. */
  readonly freshDatabase?: string;
}

/** The built-in capabilities, each reachable by its own type (tests and the CLI use them). */
export interface Capabilities {
  readonly protocol: ProtocolCapability;
  readonly policy: PolicyCapability;
  readonly household: HouseholdCapability;
  readonly skills: SkillsCapability;
  readonly mesh: MeshCapability;
  readonly knowledge: KnowledgeCapability;
  readonly assistant: AssistantCapability;
  readonly voice: VoiceCapability;
  readonly backup: BackupCapability;
  readonly homeassistant: HomeAssistantCapability;
  readonly home: HomeCapability;
  readonly mcp: McpCapability;
  readonly access: AccessCapability;
  readonly notify: NotifyCapability;
  readonly caldav: CaldavCapability;
  readonly settings: SettingsCapability;
  readonly approvals: ApprovalsCapability;
}

export interface Addresses {
  readonly apiUrl: string;
  readonly meshUrl?: string;
  /** The LAN listener (HTTPS) by the name devices use, when JARVIS_LAN_ADDR is set. */
  readonly lanUrl?: string;
}

export interface Master {
  readonly platform: Platform;
  readonly capabilities: Capabilities;
  start(): Promise<Addresses>;
  /** The routes of each listener, as registered (tests enumerate them). */
  routes(): { readonly api: readonly RouteInfo[]; readonly mesh: readonly RouteInfo[]; readonly lan: readonly RouteInfo[] };
  /** Closes listeners, timers and the database. Safe to call more than once. */
  stop(): Promise<void>;
}

function defaultUiDir(): string {
  // The bundle lives in dist/main/; the renderer build in dist/renderer/.
  const here = dirname(fileURLToPath(import.meta.url));
  return join(here, '..', 'renderer');
}

/** Puts the database back as it was before a failed upgrade; says what happened, for the error. */
function afterFailedUpgrade(dataFile: string, backupFile: string, now: Date): string {
  try {
    const failed = rollBackUpgrade(dataFile, backupFile, KNOWN_SCHEMAS, now);
    return `The upgrade was undone: the database is as it was before (the failed attempt is kept in ${failed ?? 'no file'}; the backup in ${backupFile}).`;
  } catch (rollback) {
    return `The database may be partly upgraded; the backup from before is ${backupFile} (\`jarvis restore\` puts it back). Undoing failed: ${rollback instanceof Error ? rollback.message : String(rollback)}`;
  }
}

/** The desktop app keeps settings.json beside its database; a backup takes it along when it is there. */
function settingsFileOf(dataFile: string): string {
  return join(dirname(dataFile), 'settings.json');
}

function addressOf(app: FastifyInstance) {
  const info = app.server.address();
  if (!info || typeof info === 'string') throw new Error('listener has no TCP address');
  return info;
}

function portOf(app: FastifyInstance): number {
  return addressOf(app).port;
}

function urlOf(app: FastifyInstance): string {
  const info = addressOf(app);
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  return `http://${host}:${info.port}`;
}

function createPlatform(config: Config, options: MasterOptions): Platform {
  const clock = options.clock ?? (() => new Date());
  // The trace lives beside the database unless JARVIS_DEBUG_DIR names another folder.
  const tracer = new Tracer({
    enabled: config.debugTrace,
    limit: config.traceLimit,
    dir: config.debugDir ?? defaultTraceDir(config.dataFile),
    now: clock,
    // Reading the folder's old files is not needed for the first health answer.
    pruneAtStart: false,
  });
  for (const secret of configSecrets(config)) tracer.redactor.add(secret);
  const registry = new SkillRegistry();
  registry.setResultRedactor((result) => tracer.redactor.knownValues(result));
  const log = options.logger ?? createLogger(tracer.redactor);
  const db = openDatabase(config.dataFile, {
    file: options.freshDatabase ?? freshDatabaseBesideBundle(),
    now: clock(),
    onUnusable: (err) =>
      log.warn(
        `the built empty database could not be used, so the new one is made step by step: ${err instanceof Error ? err.message : String(err)}`,
      ),
  });
  return { config, version: APP_VERSION, clock, db, registry, tracer, events: new EventBus(clock), status: new StatusBoard(), log };
}

/**
 * Builds every capability in dependency order, each given exactly the capabilities it
 * uses. The order here is also the start order; stop runs in reverse.
 */
function composeCapabilities(
  platform: Platform,
  effective: EffectiveConfig,
  options: MasterOptions,
): { capabilities: Capabilities; all: Capability[] } {
  // First: the values the household set in the app are in the config before anyone reads it.
  const settings = createSettings(platform, { effective, ...(options.secretSealer ? { sealer: options.secretSealer } : {}) });
  const protocol = createProtocol(platform);
  const household = createHousehold(platform);
  const system = createSystem(platform, { householdState: household.state });
  // The one gate: every tool call of every path meets it from here on.
  const policy = createPolicy(platform, { members: household.members });
  // A protocol client recording a decision under the household's policy gets the gate's,
  // as an agent would (the protocol records decisions, it makes none).
  protocol.service.setHouseholdDecider((name) => {
    const tool = platform.registry.get(name);
    return tool ? recordedVerdict(platform.registry.decide(tool, {}, { actor: 'assistant' })) : undefined;
  });
  const notify = createNotify(platform, { members: household.members, householdQuietHours: () => settings.service.quietHours() });
  // A child's or guest's call that needs an admin waits here, whichever path it came by.
  const approvals = createApprovals(platform, { members: household.members, notifier: notify.notifier, recorder: protocol.recorder });
  // Knowledge before skills: pipelines search the household's documents (memory_search).
  const knowledge = createKnowledge(platform);
  const skills = createSkills(platform, {
    protocol,
    documents: {
      search: async (query, topK) => (await knowledge.documents.search(query, { topK })).results,
      readPdf: (path, maxChars) => knowledge.documents.readPdfText(path, maxChars),
    },
    hostEnv: effective.environment,
  });
  const mesh = createMesh(platform, { protocol, skills: skills.service });
  const docker = createDocker(platform);
  // The assistant is made below; a sampling request reaches its model only once JARVIS runs.
  const mcp = createMcp(platform, {
    protocol,
    skills: skills.service,
    model: () => assistant.ollama,
    memberExists: (id) => household.members.get(id) !== undefined,
    sealer: settings.sealer,
  });
  const homeassistant = createHomeAssistant(platform, options.homeAssistant);
  const assistantDeps: AssistantDeps = {
    protocol,
    skills: skills.service,
    household: household.service,
    documents: options.documents ?? knowledge.documents,
    // Asked at use: Home Assistant may be connected in the app after the start.
    homeAreas: {
      find: (area, domain) => (homeassistant.service.configured ? homeassistant.service.findRoom(area, domain) : undefined),
    },
  };
  const assistant = createAssistant(platform, assistantDeps);
  const voice = createVoice(platform, {
    assistant: options.voiceAssistant ?? assistant.service,
    ...(options.voiceSetup ? { setup: options.voiceSetup } : {}),
  });
  const backup = createBackupCapability(platform, {
    filesDir: ragFilesDir(platform.config),
    settingsFile: settingsFileOf(platform.config.dataFile),
    secretsNotCarried: () => [...settings.service.secretNames(), ...mcp.secretLabels()],
    restore: { knownSchemas: KNOWN_SCHEMAS, knownObjects, restart: options.restart },
  });
  const home = createHome(platform);
  const access = createAccess(platform, {
    members: household.members,
    ...(options.localAccess ? { local: options.localAccess } : {}),
    extraRules: () => extraRules,
  });
  const caldav = createCaldav(platform, { household: household.service, sealer: settings.sealer });
  const extra = (options.extra ?? []).map((make) => make(platform));
  const extraRules = Object.assign({}, ...extra.map((c) => c.routeRules ?? {})) as Readonly<Record<string, RouteRule>>;
  // A connection changed in the app: the capability holding it reconnects.
  effective.onChange((keys) => {
    if (keys.some((k) => k === 'homeAssistantUrl' || k === 'homeAssistantToken' || k === 'homeAssistantCertFingerprint'))
      homeassistant.reconnect();
    if (keys.some((k) => k === 'hueBridgeUrl' || k === 'hueApplicationKey' || k === 'hueCertFingerprint')) home.reconnectHue();
  });
  return {
    capabilities: {
      protocol,
      policy,
      household,
      skills,
      mesh,
      knowledge,
      assistant,
      voice,
      backup,
      homeassistant,
      home,
      mcp,
      access,
      notify,
      caldav,
      settings,
      approvals,
    },
    all: [
      settings,
      system,
      protocol,
      household,
      policy,
      notify,
      approvals,
      knowledge,
      skills,
      mesh,
      docker,
      mcp,
      homeassistant,
      assistant,
      voice,
      backup,
      home,
      access,
      caldav,
      ...extra,
    ],
  };
}

/**
 * The composition root: builds the platform and every capability from one Config. The
 * headless server, the desktop app and the integration tests all start the master here.
 */
export function createMaster(givenConfig: Config, options: MasterOptions = {}): Master {
  const effective = createEffectiveConfig(givenConfig);
  // Every capability reads the live view: a value changed in the app is what it reads next.
  const config = effective.config;
  const platform = createPlatform(config, options);
  const { db, log, tracer } = platform;

  let composed: ReturnType<typeof composeCapabilities>;
  let idempotencyKeys: IdempotencyKeys;
  let upgrade: ReturnType<typeof prepareUpgrade> = {};
  try {
    upgrade = prepareUpgrade(db, config.dataFile, KNOWN_SCHEMAS, platform.version, platform.clock());
    if (upgrade.backupFile) log.info(`database backed up before the upgrade: ${upgrade.backupFile}`);
    composed = composeCapabilities(platform, effective, options);
    idempotencyKeys = idempotencyKeysIn(db, platform.clock);
  } catch (err) {
    db.close();
    if (upgrade.backupFile && err instanceof Error)
      err.message += ` ${afterFailedUpgrade(config.dataFile, upgrade.backupFile, platform.clock())}`;
    throw err;
  }
  const { capabilities, all } = composed;

  const uiDir = options.uiDir ?? defaultUiDir();
  const onError = (err: unknown, route: string) => {
    log.error(`unhandled error in ${route}`, err);
    tracer.record('http', 'http', 'error', { route, message: err instanceof Error ? err.message : String(err) });
  };
  // The loopback and the LAN listener serve the same UI and routes; they differ in who
  // may ask (loopback hosts; paired devices by their LAN names, over HTTPS).
  const withApiRoutes = (app: FastifyInstance, listener: ApiListener) => {
    for (const c of all) c.routes?.(app, listener);
    return app;
  };
  const { access } = capabilities;
  const api = withApiRoutes(createHttpServer({ loopbackOnly: true, uiDir, idempotencyKeys, onError }), 'loopback');
  const lan = access.lanEnabled
    ? withApiRoutes(
        createHttpServer({ loopbackOnly: false, allowHost: access.isLanHost, https: true, uiDir, idempotencyKeys, onError }),
        'lan',
      )
    : undefined;
  if (lan) access.onCertificateRenewed((m) => setCertificate(lan, { key: m.keyPem, cert: m.certPem }));

  const mesh = config.meshEnabled ? createHttpServer({ loopbackOnly: false }) : undefined;
  if (mesh) for (const c of all) c.meshRoutes?.(mesh);

  const firstAnswer = afterFirstAnswer(
    [api, ...(lan ? [lan] : [])],
    () => {
      try {
        tracer.prune();
      } catch (err) {
        log.error('trace: old files could not be removed', err);
      }
      for (const c of all) {
        try {
          c.afterFirstAnswer?.();
        } catch (err) {
          log.error(`${c.name}: start-up work failed`, err);
        }
      }
    },
    (err) => log.error('start-up work failed', err),
  );

  let started = false;
  let stopping: Promise<void> | undefined;

  return {
    platform,
    capabilities,
    routes() {
      return { api: registeredRoutes(api), mesh: mesh ? registeredRoutes(mesh) : [], lan: lan ? registeredRoutes(lan) : [] };
    },
    async start() {
      if (started) throw new Error('master already started');
      started = true;
      await api.listen({ host: config.addr.host, port: config.addr.port });
      if (mesh) await mesh.listen({ host: config.meshAddr.host, port: config.meshAddr.port });
      let lanUrl: string | undefined;
      if (lan && config.lanAddr) {
        const tls = await access.tls();
        setCertificate(lan, { key: tls.keyPem, cert: tls.certPem });
        await lan.listen({ host: config.lanAddr.host, port: config.lanAddr.port });
        lanUrl = access.lanListening(portOf(lan));
      }
      for (const c of all) await c.start?.();
      firstAnswer.arm();
      return {
        apiUrl: urlOf(api),
        ...(mesh ? { meshUrl: urlOf(mesh) } : {}),
        ...(lanUrl ? { lanUrl } : {}),
      };
    },
    stop() {
      firstAnswer.cancel();
      stopping ??= (async () => {
        for (const c of [...all].reverse()) {
          try {
            await c.stop?.();
          } catch (err) {
            log.error(`stopping ${c.name} failed`, err);
          }
        }
        await Promise.allSettled([api.close(), mesh?.close(), lan?.close()]);
        if (db.open) db.close();
      })();
      return stopping;
    },
  };
}
