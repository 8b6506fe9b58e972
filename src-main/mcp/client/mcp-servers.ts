import { createHash } from 'node:crypto';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  canonicalJson,
  toolFailure,
  type ComponentStatus,
  type McpServerOrigin,
  type McpServerView,
  type SkillInfo,
  type ToolResult,
} from '../../../src-shared';
import type { RegisteredTool, ToolContext, ToolProvider } from '../../platform/registry';
import type { McpToolListStore } from '../store';
import { describedSpec, secretsOf, type McpServerSpec } from './config-file';
import { problemOf } from './connection-problem';
import { McpServerConnection, type ListedTool, type ServerListing } from './server-connection';
import { McpServerGate, type ProposalBook, type ServerAdmission } from './server-gate';
import { answerElicitation, answerSampling, type ServerRequestDeps } from './server-requests';
import { checkToolSchema, mcpToolName, riskOfAnnotations } from './tool-mapping';

/** A server to run, and where it is configured. */
export interface ConfiguredServer {
  readonly spec: McpServerSpec;
  readonly origin: McpServerOrigin;
}

export interface McpServersDeps {
  /** The servers to run at start (mcp.json's and the app's); `sync` replaces them later. */
  readonly servers: ReadonlyMap<string, ConfiguredServer>;
  /** Whether the household turned this server off in Settings (its tools leave the registry). */
  readonly isOff: (name: string) => boolean;
  readonly toolLists: McpToolListStore;
  readonly proposals: ProposalBook;
  readonly clock: () => Date;
  readonly version: string;
  readonly timeoutMs: number;
  /** Makes a text safe to show, log or trace: every configured secret replaced. */
  readonly redact: (text: string) => string;
  readonly addSecret: (value: string) => void;
  readonly log: (message: string) => void;
  /** The registry's tools changed (a server was listed, activated, or went away). */
  readonly changed: () => void;
  /** How a server's questions reach the person and its sampling requests the household's model. */
  readonly requests: ServerRequestDeps;
}

interface MappedTool {
  readonly registered: RegisteredTool;
  /** The tool's name on its server. */
  readonly original: string;
}

interface ServerEntry {
  readonly name: string;
  readonly spec: McpServerSpec;
  readonly origin: McpServerOrigin;
  readonly specSha256: string;
  /** Of the whole spec, secret values included: a changed token is a changed server. */
  readonly fullSha256: string;
  readonly connection: McpServerConnection;
  version: string;
  /** undefined until the server was listed once (now or in an earlier run). */
  listedSha256: string | undefined;
  tools: Map<string, MappedTool>;
  skipped: { readonly name: string; readonly reason: string }[];
  admission: ServerAdmission;
  discovering: boolean;
}

function sha256(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

function isToolShaped(item: unknown): item is Tool {
  if (item === null || typeof item !== 'object') return false;
  const t = item as Record<string, unknown>;
  const optionalText = (v: unknown) => v === undefined || typeof v === 'string';
  return (
    typeof t.name === 'string' &&
    t.name.length > 0 &&
    typeof t.inputSchema === 'object' &&
    t.inputSchema !== null &&
    optionalText(t.description) &&
    optionalText(t.title) &&
    (t.annotations === undefined || (typeof t.annotations === 'object' && t.annotations !== null))
  );
}

export function mcpSkillId(server: string): string {
  return `mcp.${server}`;
}

const MAX_MESSAGE = 4000;

/** An MCP tool result as the registry's envelope: the text is the message, the whole result the data. */
export function toolResultOf(result: CallToolResult, mutates: boolean): ToolResult {
  const text = result.content
    .map((c) => (c.type === 'text' ? c.text : `[${c.type}]`))
    .join('\n')
    .slice(0, MAX_MESSAGE);
  const data = { content: result.content, ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}) };
  if (result.isError) {
    const message = text || 'The MCP tool reported an error.';
    return { success: false, error: { code: 'MCP_TOOL_ERROR', message }, data, message, mutated: false };
  }
  return { success: true, data, message: text || 'OK', mutated: mutates };
}

/**
 * The MCP servers of `mcp.json` as the registry's provider `mcp`. A server is started the
 * first time it is needed: to learn its tools when it is new or changed, or for a call. Its
 * tools join the registry only once the household activated the server's SkillProposal.
 */
export class McpServers {
  readonly provider: ToolProvider;
  private readonly servers = new Map<string, ServerEntry>();
  private readonly gate: McpServerGate;
  private stopped = false;

  constructor(private readonly deps: McpServersDeps) {
    this.gate = new McpServerGate(deps.proposals);
    for (const [name, configured] of deps.servers) this.add(name, configured);
    const servers = this.servers;
    const self = this;
    this.provider = {
      kind: 'mcp',
      list: () => [...servers.values()].flatMap((s) => (self.active(s) ? [...s.tools.values()].map((t) => t.registered) : [])),
      call: (name, args, ctx) => self.call(name, args, ctx),
    };
  }

  /**
   * Replaces the running set with `next` (mcp.json read again, a server added or removed in
   * the app): a server that is gone or changed is stopped, a new or changed one is started
   * in the background to learn its tools. An unchanged one keeps running.
   */
  async sync(next: ReadonlyMap<string, ConfiguredServer>): Promise<{ added: string[]; removed: string[] }> {
    const added: string[] = [];
    const removed: string[] = [];
    const stopping: Promise<void>[] = [];
    for (const [name, entry] of this.servers) {
      const wanted = next.get(name);
      if (wanted && sha256(wanted.spec) === entry.fullSha256 && wanted.origin === entry.origin) continue;
      this.servers.delete(name);
      removed.push(name);
      stopping.push(entry.connection.stop());
    }
    for (const [name, configured] of next) {
      if (this.servers.has(name)) continue;
      this.add(name, configured);
      added.push(name);
    }
    await Promise.all(stopping);
    if (added.length > 0 || removed.length > 0) {
      this.deps.log(`MCP servers: ${added.length} started or changed, ${removed.length} stopped or changed`);
      this.deps.changed();
      void this.discover();
    }
    return { added, removed: removed.filter((n) => !next.has(n)) };
  }

  private add(name: string, configured: ConfiguredServer): void {
    const { spec, origin } = configured;
    const deps = this.deps;
    for (const secret of secretsOf(spec)) deps.addSecret(secret);
    const entry: ServerEntry = {
      name,
      spec,
      origin,
      specSha256: sha256(describedSpec(spec)),
      fullSha256: sha256(spec),
      connection: new McpServerConnection({
        name,
        spec,
        clientVersion: deps.version,
        timeoutMs: deps.timeoutMs,
        clock: deps.clock,
        onListing: (listing) => this.listed(entry, listing),
        onProblem: (message) => {
          deps.log(`MCP server ${name}: ${deps.redact(message)}`);
          deps.changed();
        },
        onStderr: (line) => deps.log(`MCP server ${name}: ${deps.redact(line)}`),
        onElicit: (params, caller, signal) =>
          answerElicitation(deps.requests, { name, active: this.active(entry) }, params, caller, signal),
        onSample: (params, caller, signal) => answerSampling(deps.requests, { name, active: this.active(entry) }, params, caller, signal),
      }),
      version: '0',
      listedSha256: undefined,
      tools: new Map(),
      skipped: [],
      admission: { state: 'proposed' },
      discovering: false,
    };
    this.servers.set(name, entry);
    const cached = deps.toolLists.get(name);
    if (cached && cached.specSha256 === entry.specSha256) this.apply(entry, cached.version, cached.tools, false);
  }

  /** Its tools are in the registry: the household activated this description and did not turn it off. */
  private active(entry: ServerEntry): boolean {
    return entry.admission.state === 'active' && !this.deps.isOff(entry.name);
  }

  /** The household turned a server on or off in Settings: an off server stops now, an on one starts when needed. */
  async switched(name: string): Promise<void> {
    const entry = this.servers.get(name);
    if (!entry) return;
    if (!this.active(entry)) await entry.connection.release();
    this.deps.changed();
  }

  /**
   * The waiting SkillProposal of a server, learning its tools first when it was never
   * listed. undefined: it could not be started (the status says why) or waits without one.
   */
  async proposalToActivate(name: string): Promise<{ proposalId?: string; active: boolean } | undefined> {
    const entry = this.servers.get(name);
    if (!entry) return undefined;
    if (entry.listedSha256 === undefined) await this.discoverOne(entry);
    if (entry.admission.state === 'active') return { active: true };
    return {
      active: false,
      ...(entry.admission.proposal_id && entry.admission.state === 'proposed' ? { proposalId: entry.admission.proposal_id } : {}),
    };
  }

  /** The spec of a running server, secrets included, for its connection test. */
  specOf(name: string): McpServerSpec | undefined {
    return this.servers.get(name)?.spec;
  }

  has(name: string): boolean {
    return this.servers.has(name);
  }

  /** One server as Settings lists it, never with a secret's value. */
  view(name: string, shadowed = false): McpServerView | undefined {
    const s = this.servers.get(name);
    if (!s) return undefined;
    const problem = s.connection.lastError ? this.deps.redact(s.connection.lastError) : undefined;
    const off = this.deps.isOff(name);
    const failed = s.connection.state === 'backoff' || (problem !== undefined && s.listedSha256 === undefined);
    const state: McpServerView['state'] = off
      ? 'off'
      : failed
        ? 'error'
        : s.listedSha256 === undefined
          ? 'unknown'
          : s.admission.state === 'active'
            ? 'connected'
            : 'waiting';
    const spec = s.spec;
    return {
      name,
      origin: s.origin,
      kind: spec.kind,
      ...(spec.kind === 'stdio' ? { command: spec.command, args: [...spec.args] } : { url: this.deps.redact(spec.url) }),
      env_names: spec.kind === 'stdio' ? Object.keys(spec.env).sort() : [],
      header_names: spec.kind === 'http' ? Object.keys(spec.headers).sort() : [],
      active: this.active(s),
      state,
      tools: s.tools.size,
      ...(failed && problem ? { problem: problemOf(problem), detail: problem.slice(0, 300) } : {}),
      ...(shadowed ? { shadowed } : {}),
    };
  }

  /** Servers never listed (new or changed since) are started once in the background to learn their tools. */
  discover(): Promise<void> {
    const pending = [...this.servers.values()].filter((s) => s.listedSha256 === undefined);
    return Promise.all(pending.map((s) => this.discoverOne(s))).then(() => undefined);
  }

  /** A household decision on a SkillProposal: every server's verdict is read again. */
  decided(): void {
    for (const s of this.servers.values()) if (s.listedSha256) s.admission = this.gate.admission(mcpSkillId(s.name), s.listedSha256);
    this.deps.changed();
  }

  names(): string[] {
    return [...this.servers.keys()];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.servers.values()].map((s) => s.connection.stop()));
  }

  /** The servers as GET /api/skills lists them, with their proposals for the household's buttons. */
  skillInfos(): SkillInfo[] {
    return [...this.servers.values()].map((s) => ({
      id: mcpSkillId(s.name),
      name: s.name,
      version: s.version,
      provider: 'mcp',
      format: 'mcp',
      source: s.spec.kind === 'stdio' ? `mcp:${s.name} (${s.spec.command})` : `mcp:${s.name} (${this.deps.redact(s.spec.url)})`,
      trust: 'unreviewed',
      enabled: this.active(s),
      user_invocable: true,
      disable_model_invocation: false,
      capabilities: [],
      ...(s.listedSha256 ? { sha256: s.listedSha256 } : {}),
      ...(s.admission.proposal_id
        ? {
            activation: {
              proposal_id: s.admission.proposal_id,
              status: s.admission.state === 'active' ? ('activated' as const) : s.admission.state,
            },
          }
        : {}),
      actions: [...s.tools.values()].map((t) => ({
        name: t.original,
        tool: t.registered.name,
        description: t.registered.description,
        mutates: t.registered.mutates,
        requires_confirmation: false,
        ...(t.registered.risk ? { risk: t.registered.risk } : {}),
      })),
      errors: s.skipped.map((k) => `tool ${k.name} skipped: ${k.reason}`),
      warnings: [
        ...(s.admission.reason ? [s.admission.reason] : []),
        ...(s.connection.lastError ? [this.deps.redact(s.connection.lastError)] : []),
      ],
    }));
  }

  /** One status board entry per server. */
  status(name: string): ComponentStatus {
    const s = this.servers.get(name);
    if (!s) return { state: 'off', detail: 'not configured', code: 'mcp.serverIdle' };
    const problem = s.connection.lastError ? this.deps.redact(s.connection.lastError) : undefined;
    const skipped =
      s.skipped.length > 0 ? `, ${s.skipped.length} tool(s) skipped: ${s.skipped.map((k) => `${k.name} (${k.reason})`).join('; ')}` : '';
    if (s.connection.state === 'backoff' || (problem && s.listedSha256 === undefined)) {
      return {
        state: 'error',
        detail: `${problem ?? 'failed'}; ${s.connection.restarts} restart(s)`,
        code: 'mcp.serverFailed',
        params: { server: name },
      };
    }
    if (this.deps.isOff(name)) return { state: 'off', detail: 'turned off in Settings', code: 'mcp.serverOff', params: { server: name } };
    if (s.listedSha256 === undefined) return { state: 'off', detail: 'not started yet', code: 'mcp.serverIdle', params: { server: name } };
    if (s.admission.state === 'rejected')
      return { state: 'off', detail: 'the household rejected this server', code: 'mcp.serverRejected', params: { server: name } };
    if (s.admission.state !== 'active')
      return {
        state: 'off',
        detail: `${s.tools.size} tool(s) wait for the household's activation${skipped}`,
        code: 'mcp.serverWaiting',
        params: { server: name, tools: s.tools.size },
      };
    return {
      state: s.skipped.length > 0 ? 'degraded' : 'ok',
      detail: `${s.tools.size} tool(s), ${s.connection.state === 'ready' ? 'running' : 'starts on first use'}${skipped}`,
      code: 'mcp.serverReady',
      params: { server: name, tools: s.tools.size },
    };
  }

  private async discoverOne(entry: ServerEntry): Promise<void> {
    if (entry.discovering || this.stopped) return;
    entry.discovering = true;
    try {
      await entry.connection.connect();
      // A server the household has not activated does not keep running; it starts again when needed.
      if (!this.active(entry)) await entry.connection.release();
    } catch {
      // Reported through onProblem; the status board shows it.
    } finally {
      entry.discovering = false;
    }
  }

  private listed(entry: ServerEntry, listing: ServerListing): void {
    const raw = listing.tools.map((t: ListedTool) => (t.ok ? t.tool : { name: t.name, invalid: t.reason }));
    this.deps.toolLists.put(
      entry.name,
      { specSha256: entry.specSha256, version: listing.version, tools: raw },
      this.deps.clock().toISOString(),
    );
    this.apply(entry, listing.version, raw, true);
  }

  /** Maps a tool list to registry tools and finds the household's verdict on it. */
  private apply(entry: ServerEntry, version: string, rawTools: readonly unknown[], propose: boolean): void {
    const tools = new Map<string, MappedTool>();
    const skipped: { name: string; reason: string }[] = [];
    for (const item of rawTools) {
      // Each item passed the SDK's tool schema when the server listed it (or is marked invalid);
      // what comes back from the database is checked for the fields used here.
      const invalid = (item as { invalid?: unknown } | null)?.invalid;
      const name = String((item as { name?: unknown } | null)?.name ?? '(unnamed)').slice(0, 100);
      if (typeof invalid === 'string' || !isToolShaped(item)) {
        skipped.push({ name, reason: typeof invalid === 'string' ? invalid : 'not a valid MCP tool' });
        continue;
      }
      const tool = item;
      // JARVIS does not run MCP tasks: a tool that can only be called as one would always fail.
      if ((tool as { execution?: { taskSupport?: unknown } }).execution?.taskSupport === 'required') {
        skipped.push({ name: tool.name, reason: 'it runs only as an MCP task, which JARVIS does not support' });
        continue;
      }
      const schema = checkToolSchema(tool.inputSchema);
      if (!schema.ok) {
        skipped.push({ name: tool.name, reason: `invalid input schema: ${schema.reason}` });
        continue;
      }
      const jarvisName = mcpToolName(entry.name, tool.name);
      if (tools.has(jarvisName)) {
        skipped.push({ name: tool.name, reason: `its name ${jarvisName} is taken by another tool of this server` });
        continue;
      }
      const risk = riskOfAnnotations(tool.annotations);
      tools.set(jarvisName, {
        original: tool.name,
        registered: {
          name: jarvisName,
          description: (tool.description ?? tool.annotations?.title ?? tool.title ?? tool.name).slice(0, 2000),
          input_schema: schema.schema,
          provider: 'mcp',
          mutates: risk !== 'read',
          requires_confirmation: false,
          risk,
          skill_id: mcpSkillId(entry.name),
          action: tool.name,
          source: `mcp:${entry.name}`,
        },
      });
    }
    const listedSha256 = sha256({ server: entry.name, spec: describedSpec(entry.spec), tools: rawTools });
    entry.version = version.slice(0, 60) || '0';
    entry.tools = tools;
    entry.skipped = skipped;
    entry.listedSha256 = listedSha256;
    const skillId = mcpSkillId(entry.name);
    try {
      entry.admission = propose ? this.gate.propose(skillId, entry.version, listedSha256) : this.gate.admission(skillId, listedSha256);
    } catch (err) {
      entry.admission = {
        state: 'proposed',
        reason: `the proposal could not be recorded: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    if (skipped.length > 0)
      this.deps.log(`MCP server ${entry.name}: ${skipped.length} tool(s) skipped (${skipped.map((k) => k.name).join(', ')})`);
    this.deps.changed();
  }

  private async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    for (const s of this.servers.values()) {
      const tool = s.tools.get(name);
      if (!tool || !this.active(s)) continue;
      let result: CallToolResult;
      try {
        result = await s.connection.callTool(tool.original, args, { actor: ctx.actor, ...(ctx.member ? { member: ctx.member } : {}) });
      } catch (err) {
        return toolFailure('MCP_SERVER_UNAVAILABLE', this.deps.redact(err instanceof Error ? err.message : String(err)));
      }
      const mapped = toolResultOf(result, tool.registered.mutates);
      return { ...mapped, message: this.deps.redact(mapped.message) };
    }
    return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
  }
}
