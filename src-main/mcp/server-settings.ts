import type { McpServerAdd, McpServersResponse, McpServerUpdate, McpServerView, McpTestResult } from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { McpAppServerStore } from './store';
import type { AppMcpServers, AppServer } from './client/app-servers';
import type { McpConfigFile, McpServerSpec } from './client/config-file';
import type { ConfiguredServer, McpServers } from './client/mcp-servers';

/** The most servers the household adds in the app (mcp.json has its own limit). */
export const MAX_APP_SERVERS = 32;

export interface McpServerSettingsDeps {
  readonly servers: McpServers;
  readonly app: AppMcpServers;
  readonly store: McpAppServerStore;
  /** The names the household turned off; McpServers reads the same set. */
  readonly off: Set<string>;
  readonly clock: () => Date;
  /** mcp.json as read now. */
  readonly readConfig: () => McpConfigFile;
  /** The household's decision on a server's SkillProposal, recorded as a protocol Decision. */
  readonly accept: (proposalId: string) => void;
  readonly test: (name: string, spec: McpServerSpec) => Promise<McpTestResult>;
  /** After the running set changed: which servers the status board lists. */
  readonly synced: (names: readonly string[], removed: readonly string[]) => void;
  readonly log: (message: string) => void;
}

/**
 * The MCP servers as Settings shows and changes them: the file's (read again when it
 * changes; not removable in the app) and the app's (added, tested, turned on and off,
 * removed). Both run through the one McpServers provider; a name in mcp.json wins.
 */
export class McpServerSettings {
  private file: McpConfigFile;

  constructor(
    private readonly deps: McpServerSettingsDeps,
    initial: McpConfigFile,
  ) {
    this.file = initial;
  }

  get config(): McpConfigFile {
    return this.file;
  }

  /** mcp.json's servers, then the app's whose names the file does not use and whose secrets could be opened. */
  configured(): Map<string, ConfiguredServer> {
    const out = new Map<string, ConfiguredServer>();
    for (const [name, spec] of this.file.servers) out.set(name, { spec, origin: 'file' });
    for (const s of this.deps.app.list()) if (!out.has(s.name) && !s.unreadable) out.set(s.name, { spec: s.spec, origin: 'app' });
    return out;
  }

  /**
   * mcp.json was written: read again and the changed servers reconnected. A file that
   * became broken keeps the servers it started (the status says the file is broken), so a
   * half-saved edit never stops what runs.
   */
  async reload(): Promise<void> {
    const next = this.deps.readConfig();
    if (next.error) {
      this.file = { ...next, servers: this.file.servers };
      this.deps.log(`mcp: ${next.error}`);
      return;
    }
    this.file = next;
    await this.sync();
  }

  list(): McpServersResponse {
    const views: McpServerView[] = [];
    for (const name of this.configured().keys()) {
      const view = this.deps.servers.view(name);
      if (view) views.push(view);
    }
    for (const s of this.deps.app.list()) {
      if (views.some((v) => v.name === s.name && v.origin === 'app')) continue;
      views.push(this.idleView(s, this.file.servers.has(s.name)));
    }
    return { servers: views, file: { path: this.file.path, ...(this.file.error ? { error: this.file.error } : {}) } };
  }

  async add(req: McpServerAdd): Promise<McpServerView> {
    this.check(req);
    if (this.file.servers.has(req.name) || this.deps.app.has(req.name))
      throw new Refusal('conflict', 'MCP_NAME_TAKEN', 'A server with this name exists already; choose another name.', '/name');
    if (this.deps.app.list().length >= MAX_APP_SERVERS)
      throw new Refusal('conflict', 'MCP_TOO_MANY', `JARVIS keeps up to ${MAX_APP_SERVERS} servers added in the app.`);
    this.deps.app.add(req);
    await this.sync();
    return this.viewOf(req.name);
  }

  /**
   * A server added in the app, changed: the stored secrets named in keep_secrets stay, the
   * others are replaced or deleted. A changed program or address is started again and,
   * when its tools differ, waits for the household's activation once more.
   */
  async update(name: string, req: McpServerUpdate): Promise<McpServerView> {
    this.check(req);
    if (req.name !== name)
      throw new Refusal(
        'invalid',
        'INVALID_ARGUMENTS',
        'The name of a server stays; add one under the new name and remove this one.',
        '/name',
      );
    if (!this.deps.app.has(name)) {
      if (this.file.servers.has(name))
        throw new Refusal('conflict', 'MCP_FROM_FILE', 'This server is listed in mcp.json; change it there, and JARVIS follows.');
      throw this.notFound();
    }
    this.deps.app.update(req);
    await this.sync();
    return this.viewOf(name);
  }

  /** The form's server, not kept; the edit form names the stored secrets it keeps. */
  test(req: McpServerUpdate): Promise<McpTestResult> {
    this.check(req);
    return this.deps.test(req.name, this.deps.app.specOfChange(req));
  }

  testNamed(name: string): Promise<McpTestResult> {
    const spec = this.deps.servers.specOf(name) ?? this.deps.app.list().find((s) => s.name === name && !s.unreadable)?.spec;
    if (!spec) throw this.notFound();
    return this.deps.test(name, spec);
  }

  async setActive(name: string, active: boolean): Promise<McpServerView> {
    if (!this.deps.servers.has(name)) {
      if (this.deps.app.has(name))
        throw new Refusal(
          'conflict',
          'MCP_NOT_RUNNING',
          'This server cannot run: its name is used in mcp.json, or it must be added again.',
        );
      throw this.notFound();
    }
    if (!active) {
      this.deps.store.setOff(name, true, this.deps.clock().getTime());
      this.deps.off.add(name);
      await this.deps.servers.switched(name);
      return this.viewOf(name);
    }
    const found = await this.deps.servers.proposalToActivate(name);
    if (!found) throw this.notFound();
    if (!found.active) {
      if (!found.proposalId)
        throw new Refusal(
          'conflict',
          'MCP_NOT_LISTED',
          this.deps.servers.view(name)?.state === 'error'
            ? 'JARVIS could not start this server; test the connection to see what is wrong.'
            : 'The household refused this server earlier; change it (or its tools change) to be asked again.',
        );
      this.deps.accept(found.proposalId);
    }
    this.deps.store.setOff(name, false, this.deps.clock().getTime());
    this.deps.off.delete(name);
    await this.deps.servers.switched(name);
    return this.viewOf(name);
  }

  async remove(name: string): Promise<void> {
    if (!this.deps.app.has(name)) {
      if (this.file.servers.has(name))
        throw new Refusal('conflict', 'MCP_FROM_FILE', 'This server is listed in mcp.json; remove it there, and JARVIS follows.');
      throw this.notFound();
    }
    this.deps.app.remove(name);
    if (!this.file.servers.has(name)) this.deps.off.delete(name);
    await this.sync();
  }

  /** For a backup's "not carried" list. */
  secretLabels() {
    return this.deps.app.secretLabels();
  }

  private async sync(): Promise<void> {
    const configured = this.configured();
    const { removed } = await this.deps.servers.sync(configured);
    this.deps.synced([...configured.keys()], removed);
  }

  private viewOf(name: string): McpServerView {
    const view = this.list().servers.find((v) => v.name === name);
    if (!view) throw this.notFound();
    return view;
  }

  private check(req: McpServerAdd): void {
    if (req.kind === 'stdio' && req.command.trim() === '')
      throw new Refusal('invalid', 'INVALID_ARGUMENTS', 'Name the program that starts the server.', '/command');
    if (req.kind === 'http') {
      try {
        const url = new URL(req.url.trim());
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
      } catch {
        throw new Refusal('invalid', 'INVALID_ARGUMENTS', 'That is not a web address (http:// or https://).', '/url');
      }
      if (req.secret_header && /^authorization$/i.test(req.secret_header.name) && req.bearer_token)
        throw new Refusal(
          'invalid',
          'INVALID_ARGUMENTS',
          'Give either a token or an Authorization header, not both.',
          '/secret_header/name',
        );
    }
  }

  private idleView(s: AppServer, shadowed: boolean): McpServerView {
    const spec = s.spec;
    return {
      name: s.name,
      origin: 'app',
      kind: spec.kind,
      ...(spec.kind === 'stdio' ? { command: spec.command, args: [...spec.args] } : { url: spec.url }),
      env_names: spec.kind === 'stdio' ? Object.keys(spec.env).sort() : [],
      header_names: spec.kind === 'http' ? Object.keys(spec.headers).sort() : [],
      active: false,
      state: shadowed ? 'off' : 'error',
      tools: 0,
      ...(shadowed
        ? { shadowed: true }
        : { problem: 'failed' as const, detail: 'Its secrets cannot be read on this computer; remove it and add it again.' }),
    };
  }

  private notFound(): Refusal {
    return new Refusal('not_found', 'MCP_SERVER_NOT_FOUND', 'There is no MCP server with this name.');
  }
}
