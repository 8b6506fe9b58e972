import type { FastifyInstance } from 'fastify';
import type { Capability, Platform } from '../platform/capability';
import type { ProtocolCapability } from '../protocol';
import type { SkillsService } from '../skills';
import { randomUUID } from 'node:crypto';
import type { McpSecretLabel } from '../../src-shared';
import { HOST_IDS } from '../protocol';
import type { SecretSealer } from '../settings';
import { AppMcpServers } from './client/app-servers';
import { mcpConfigPath, readMcpConfig } from './client/config-file';
import { watchConfigFile } from './client/config-watch';
import { testMcpServer } from './client/connection-test';
import { McpServers, type ConfiguredServer } from './client/mcp-servers';
import { McpServerSettings } from './server-settings';
import { registerMcpSettingsRoutes } from './settings-routes';
import { McpQuestions } from './client/questions';
import type { SamplingPrompt } from './client/server-requests';
import { mcpSamplingName } from './client/tool-mapping';
import { registerMcpRoutes } from './routes';
import type { McpPost } from './server/direct-answer';
import { McpToolCalls, type McpCaller } from './server/mcp-tool-calls';
import { openMcpStores } from './store';
import { McpTokens } from './tokens';
import { removeLocalEndpoint, writeLocalEndpoint } from './local-endpoint';

export interface McpCapability extends Capability {
  readonly tokens: McpTokens;
  readonly servers: McpServers;
  readonly calls: McpToolCalls;
  readonly questions: McpQuestions;
  /** The servers as Settings shows and changes them (mcp.json's and the app's). */
  readonly settings: McpServerSettings;
  /** The app's servers holding sealed values, for a backup's "not carried" list. */
  secretLabels(): McpSecretLabel[];
  /** Serves JARVIS over this process's stdin and stdout (`jarvis mcp`) until the client closes them. */
  serveStdio(): Promise<void>;
}

const DISCOVERY_RETRY_MS = 15_000;

const LOCAL_CALLER: McpCaller = { key: 'local', name: 'jarvis mcp (this computer)' };

/**
 * MCP both ways. As a server, JARVIS offers its registry's tools, today's agenda and the
 * shopping list to MCP clients (`/mcp` with a household token, `jarvis mcp` over stdio);
 * every call meets the household's policy and is recorded like the assistant's. As a
 * client, the servers of `mcp.json` become the registry's provider `mcp` once the household
 * activated them.
 */
/** The household's local model, as a server's sampling request uses it (the assistant's Ollama connection). */
export interface HouseholdModel {
  chat(call: {
    role: 'chat';
    messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  }): Promise<{ content: string; model: string }>;
}

export function createMcp(
  ctx: Platform,
  deps: {
    protocol: ProtocolCapability;
    skills?: Pick<SkillsService, 'showRemoteSkills'>;
    model?: () => HouseholdModel;
    /** Whether a member of the household has this id (a token is made for a member only). */
    memberExists?: (id: string) => boolean;
    /** Seals the env and header values of servers added in the app (the settings' sealer). */
    sealer: SecretSealer;
  },
): McpCapability {
  const stores = openMcpStores(ctx.db);
  const tokens = new McpTokens(stores.tokens, ctx.clock);
  const calls = new McpToolCalls({
    registry: ctx.registry,
    recorder: deps.protocol.recorder,
    tracer: ctx.tracer,
    clock: ctx.clock,
    timezone: ctx.config.timezone,
    onAuditError: (operation, err) =>
      ctx.log.warn(`mcp: recording ${operation} failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  const serverDeps = { registry: ctx.registry, calls, version: ctx.version };
  // The SDK builds hundreds of zod schemas as it loads: it is loaded with the first MCP request, not at every start.
  const serverFor = async (caller: McpCaller) => (await import('./server/jarvis-mcp-server')).createJarvisMcpServer(serverDeps, caller);
  const answerDirectly = async (caller: McpCaller, post: McpPost) =>
    (await import('./server/direct-answer')).answerDirectly(serverDeps, caller, post);

  const questions = new McpQuestions({ clock: ctx.clock, publish: (name, data) => ctx.events.publish(name, data as never) });
  const sample = async (prompt: SamplingPrompt): Promise<{ text: string; model: string }> => {
    const model = deps.model?.();
    if (!model) throw new Error('JARVIS has no local model to answer with.');
    const turn = await model.chat({
      role: 'chat',
      messages: [...(prompt.system ? [{ role: 'system' as const, content: prompt.system }] : []), ...prompt.messages],
    });
    return { text: turn.content, model: turn.model };
  };

  const configPath = mcpConfigPath(ctx.config);
  const initialConfig = readMcpConfig(configPath);
  if (initialConfig.error) ctx.log.warn(`mcp: ${initialConfig.error}`);
  const app = new AppMcpServers(stores.appServers, deps.sealer, ctx.clock, (m) => ctx.log.warn(m));
  const off = stores.appServers.off();
  // The file's servers, then the app's whose names the file does not use (McpServerSettings.configured, at start).
  const initial = new Map<string, ConfiguredServer>([...initialConfig.servers].map(([name, spec]) => [name, { spec, origin: 'file' }]));
  for (const s of app.list()) if (!initial.has(s.name) && !s.unreadable) initial.set(s.name, { spec: s.spec, origin: 'app' });
  const servers = new McpServers({
    servers: initial,
    isOff: (name) => off.has(name),
    toolLists: stores.toolLists,
    proposals: deps.protocol.recorder,
    clock: ctx.clock,
    version: ctx.version,
    timeoutMs: ctx.config.mcpCallTimeoutMs,
    redact: (text) => ctx.tracer.redactor.text(text),
    addSecret: (value) => ctx.tracer.redactor.add(value),
    log: (message) => ctx.log.info(message),
    changed: () => ctx.events.publish('skills.changed', { added: [], removed: [], changed: [], errors: 0, proposed: [] }),
    requests: {
      questions,
      questionTimeoutMs: ctx.config.mcpQuestionTimeoutMs,
      // Sampling meets the one gate as a tool of its own, asked by the server (an agent acting
      // on its own) for the member whose call it is: the risk policy (an override for this
      // name, else `disruptive`, which asks by default) and the member's role decide.
      samplingOutcome: (server, caller) =>
        ctx.registry.decide(
          {
            name: mcpSamplingName(server),
            description: `${server} asks the household's model to write`,
            input_schema: { type: 'object' },
            provider: 'mcp',
            mutates: false,
            requires_confirmation: false,
            risk: 'disruptive',
            source: `mcp:${server}`,
          },
          {},
          { actor: 'mcp', ...(caller.member ? { member: caller.member } : {}) },
        ).outcome,
      sample,
    },
  });
  ctx.registry.addProvider(servers.provider);
  const statusOf = (name: string) => ctx.status.set(`mcp:${name}`, () => servers.status(name));
  const mcpSettings = new McpServerSettings(
    {
      servers,
      app,
      store: stores.appServers,
      off,
      clock: ctx.clock,
      readConfig: () => readMcpConfig(configPath),
      // Turning a server on in Settings is the household's decision on its SkillProposal, as AKTIVIEREN is.
      accept: (proposalId) =>
        void deps.protocol.service.decideSkill(
          { actorId: HOST_IDS.household, idempotencyKey: randomUUID(), timestamp: ctx.clock().toISOString() },
          proposalId,
          { decision: 'accept' },
        ),
      test: (name, spec) =>
        testMcpServer(name, spec, {
          clientVersion: ctx.version,
          timeoutMs: ctx.config.mcpCallTimeoutMs,
          clock: ctx.clock,
          redact: (text) => ctx.tracer.redactor.text(text),
        }),
      synced: (names, removed) => {
        for (const name of names) statusOf(name);
        for (const name of removed) ctx.status.delete(`mcp:${name}`);
      },
      log: (message) => ctx.log.info(message),
    },
    initialConfig,
  );
  deps.skills?.showRemoteSkills(() => servers.skillInfos(), 'mcp');
  const stopWatchingDecisions = deps.protocol.service.onChange((change) => {
    if (change.op === 'decideSkill') servers.decided();
  });

  ctx.status.set('mcp', () => {
    const config = mcpSettings.config;
    const count = servers.names().length;
    return config.error
      ? { state: 'error', detail: config.error, code: 'mcp.configInvalid' }
      : {
          state: 'ok',
          detail: `/mcp with ${tokens.count()} token(s); ${count} server(s), from ${config.path} and the app`,
          code: 'mcp.endpoint',
          params: { tokens: tokens.count(), servers: count },
        };
  });
  for (const name of servers.names()) statusOf(name);
  let stopWatching: (() => void) | undefined;

  let api: FastifyInstance | undefined;
  let discoveryTimer: NodeJS.Timeout | undefined;
  const dataFile = ctx.config.dataFile;
  return {
    name: 'mcp',
    tokens,
    servers,
    calls,
    questions,
    settings: mcpSettings,
    secretLabels: () => mcpSettings.secretLabels(),
    routes(app) {
      api ??= app;
      registerMcpSettingsRoutes(app, mcpSettings);
      registerMcpRoutes(app, {
        tokens,
        questions,
        serverFor,
        answerDirectly,
        memberExists: deps.memberExists ?? (() => false),
        onError: (err) => ctx.log.error('mcp: request failed', err),
      });
    },
    start() {
      const address = api?.server.address();
      if (dataFile !== ':memory:' && address && typeof address !== 'string') {
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        writeLocalEndpoint(dataFile, { url: `http://${host}:${address.port}`, token: tokens.localToken, pid: process.pid });
      }
      // In the background: a new server's tools are learnt without holding up the start. One
      // that failed is tried again once its backoff has passed.
      void servers.discover();
      // mcp.json is read again when it changes; the changed servers reconnect, no restart needed.
      stopWatching = watchConfigFile(configPath, () => {
        mcpSettings.reload().catch((err: unknown) => ctx.log.warn(`mcp: reading ${configPath} again failed: ${String(err)}`));
      });
      discoveryTimer = setInterval(() => void servers.discover(), DISCOVERY_RETRY_MS);
      discoveryTimer.unref();
    },
    async serveStdio() {
      const [server, { StdioServerTransport }] = await Promise.all([
        serverFor(LOCAL_CALLER),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
      ]);
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        transport.onclose = resolve;
      });
      await server.connect(transport);
      // The SDK's stdio transport does not notice the client closing stdin by itself.
      process.stdin.once('end', () => void transport.close());
      await closed;
    },
    async stop() {
      stopWatchingDecisions();
      stopWatching?.();
      questions.cancelAll();
      if (discoveryTimer) clearInterval(discoveryTimer);
      discoveryTimer = undefined;
      if (dataFile !== ':memory:') removeLocalEndpoint(dataFile);
      await servers.stop();
    },
  };
}
