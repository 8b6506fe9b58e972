import type { StateCreator } from 'zustand';
import type { McpServerAdd, McpServersResponse, McpServerUpdate, McpTestResult } from '../../../src-shared';
import { ApiError, request } from '../api';
import { idle, messageOf, resourceLoader, type Resource } from './resource';
import type { Store } from './index';

/** A refusal of the add form: the field it named (a JSON pointer such as /url) and the words. */
export interface McpRefusal {
  readonly path?: string;
  readonly message: string;
}

/** The MCP servers of Settings: mcp.json's and those added in the app. Reloaded on skills.changed. */
export interface McpServersSlice {
  mcpServers: Resource<McpServersResponse>;
  loadMcpServers(): Promise<void>;
  /** Resolves to the refusal (nothing added) or undefined when added. */
  addMcpServer(req: McpServerAdd): Promise<McpRefusal | undefined>;
  /** Changes a server added here; resolves to the refusal or undefined when changed. */
  updateMcpServer(name: string, req: McpServerUpdate): Promise<McpRefusal | undefined>;
  /** Tests the form's server (not kept) or, with a name only, a listed one. */
  testMcpServer(req: McpServerUpdate | string): Promise<McpTestResult | McpRefusal>;
  /** Resolves to the master's words when it refused. */
  setMcpServerActive(name: string, active: boolean): Promise<string | undefined>;
  removeMcpServer(name: string): Promise<string | undefined>;
}

function refusalOf(e: unknown): McpRefusal {
  return { ...(e instanceof ApiError && e.path ? { path: e.path } : {}), message: messageOf(e) };
}

export const createMcpServersSlice: StateCreator<Store, [], [], McpServersSlice> = (set, get) => {
  // skills.changed comes in bursts while servers start: an older list never covers a newer one.
  const loadResource = resourceLoader(set, get);
  return {
    mcpServers: idle(),
    loadMcpServers: () => loadResource('mcpServers', () => request('GET /api/settings/mcp')),
    async addMcpServer(req) {
      try {
        await request('POST /api/settings/mcp', { body: req });
        await get().loadMcpServers();
        return undefined;
      } catch (e) {
        return refusalOf(e);
      }
    },
    async updateMcpServer(name, req) {
      try {
        await request('PUT /api/settings/mcp/{name}', { params: { name }, body: req });
        await get().loadMcpServers();
        return undefined;
      } catch (e) {
        return refusalOf(e);
      }
    },
    async testMcpServer(req) {
      try {
        return typeof req === 'string'
          ? await request('POST /api/settings/mcp/{name}/test', { params: { name: req }, body: {} })
          : await request('POST /api/settings/mcp/test', { body: req });
      } catch (e) {
        return refusalOf(e);
      }
    },
    async setMcpServerActive(name, active) {
      try {
        await request('PUT /api/settings/mcp/{name}/active', { params: { name }, body: { active } });
        return undefined;
      } catch (e) {
        return messageOf(e);
      } finally {
        await get().loadMcpServers();
      }
    },
    async removeMcpServer(name) {
      try {
        await request('DELETE /api/settings/mcp/{name}', { params: { name } });
        await get().loadMcpServers();
        return undefined;
      } catch (e) {
        return messageOf(e);
      }
    },
  };
};
