import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAX_MCP_TOKENS, type McpTokenCreated, type McpTokenInfo } from '../../src-shared';
import { Refusal } from '../platform/errors';
import type { McpTokenStore } from './store';
import type { McpCaller } from './server/mcp-tool-calls';

const TOKEN_PREFIX = 'jmcp_';
const TOUCH_EVERY_MS = 60_000;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

/**
 * The household's MCP tokens. A token is 256 random bits, shown once; only its SHA-256 is
 * stored, so a copy of the database lets nobody in. The local token lets `jarvis mcp` on
 * this machine reach a running JARVIS: it lives in memory and in a file only the user can read.
 */
export class McpTokens {
  readonly localToken = `${TOKEN_PREFIX}local_${randomBytes(32).toString('base64url')}`;

  constructor(
    private readonly store: McpTokenStore,
    private readonly clock: () => Date,
  ) {}

  /** When each token's use was last written: at most once a minute, so a busy client does not write to disk on every request. */
  private readonly touched = new Map<string, number>();

  private touch(id: string): void {
    const now = this.clock();
    if (now.getTime() - (this.touched.get(id) ?? -Infinity) < TOUCH_EVERY_MS) return;
    this.touched.set(id, now.getTime());
    this.store.touch(id, now.toISOString());
  }

  list(): McpTokenInfo[] {
    return this.store.list();
  }

  count(): number {
    return this.store.count();
  }

  /** A token for `member` acts with that member's role; one without a member with the desktop's. */
  create(name: string, member?: string): McpTokenCreated {
    if (this.store.count() >= MAX_MCP_TOKENS)
      throw new Refusal('conflict', 'TOO_MANY_TOKENS', `There are already ${MAX_MCP_TOKENS} MCP tokens; revoke one first.`);
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = `mtk_${randomBytes(6).toString('hex')}`;
    const info = this.store.insert(id, name.trim().slice(0, 80), sha256Hex(token), this.clock().toISOString(), member);
    return { info, token };
  }

  revoke(id: string): void {
    this.touched.delete(id);
    if (!this.store.remove(id)) throw new Refusal('not_found', 'NOT_FOUND', `No MCP token ${id}.`);
  }

  /** The caller a Bearer header stands for, or undefined for a missing, wrong or revoked token. */
  authenticate(header: string | undefined): McpCaller | undefined {
    const token = bearerToken(header);
    if (!token || !token.startsWith(TOKEN_PREFIX) || token.length > 200) return undefined;
    const given = Buffer.from(token);
    const local = Buffer.from(this.localToken);
    if (given.length === local.length && timingSafeEqual(given, local)) return { key: 'local', name: 'jarvis mcp (this computer)' };
    // Looked up by its hash: a lookup's timing tells nothing about a token nobody knows the hash of.
    const info = this.store.byHash(sha256Hex(token));
    if (!info) return undefined;
    this.touch(info.id);
    return { key: info.id, name: info.name, ...(info.member_id ? { member: info.member_id } : {}) };
  }
}
