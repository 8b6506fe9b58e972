import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setViewer } from '../platform/viewer';

// Any program on this machine reaches the loopback listener, a sandboxed skill included. Only
// the desktop window (its launch secret), the CLI (the secret file, readable by this user
// alone) and a browser the household opened through the link `serve` prints (a cookie) act
// as the desktop's admin; every other local process is an adult: it uses the household's
// lists but never changes the policy, approves, mints tokens or reads exports.

/** The desktop window sends it on every request (Electron adds it; page script never sees it). */
export const LOCAL_SECRET_HEADER = 'x-jarvis-launch-secret';
const COOKIE = 'jarvis_local';
/** A browser link works once, within this time. */
const LINK_MS = 10 * 60_000;

export function localSecretFile(dataFile: string): string {
  return join(dirname(dataFile), 'local-secret');
}

function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return undefined;
}

export class LocalSessions {
  readonly secret: string;
  private readonly links = new Map<string, number>();
  private readonly sessions: Set<string>;
  private file: string | undefined;

  constructor(
    private readonly clock: () => Date,
    secret?: string,
    sessions?: Set<string>,
  ) {
    this.sessions = sessions ?? new Set<string>();
    this.secret = secret ?? randomBytes(32).toString('base64url');
  }

  /** Writes the secret for the CLI, readable by this user alone; removed at stop. */
  writeFile(dataFile: string): void {
    if (dataFile === ':memory:') return;
    const file = localSecretFile(dataFile);
    writeFileSync(file, this.secret, { mode: 0o600 });
    chmodSync(file, 0o600);
    this.file = file;
  }

  removeFile(): void {
    if (this.file) rmSync(this.file, { force: true });
    this.file = undefined;
  }

  /** A one-time link path that signs a browser in (`npm run serve` prints it). */
  browserLink(): string {
    const token = randomBytes(24).toString('base64url');
    this.links.set(token, this.clock().getTime() + LINK_MS);
    return `/local-session?token=${token}`;
  }

  /** Whether a request comes from the desktop window, the CLI or a signed-in browser. */
  trusted(req: FastifyRequest): boolean {
    const header = req.headers[LOCAL_SECRET_HEADER];
    if (typeof header === 'string' && same(header, this.secret)) return true;
    const cookie = cookieOf(req.headers.cookie);
    return cookie !== undefined && this.sessions.has(cookie);
  }

  private redeem(token: string): string | undefined {
    const until = this.links.get(token);
    this.links.delete(token);
    if (until === undefined || until < this.clock().getTime()) return undefined;
    const session = randomBytes(32).toString('base64url');
    this.sessions.add(session);
    return session;
  }

  /** The loopback listener's hook and the sign-in route. */
  register(app: FastifyInstance, mode: 'secret' | 'open'): void {
    if (mode === 'secret') {
      app.addHook('onRequest', async (req) => {
        if (!this.trusted(req)) setViewer(req, { via: 'loopback', role: 'adult' });
      });
    }
    app.get<{ Querystring: { token?: string } }>('/local-session', async (req, reply: FastifyReply) => {
      const session = typeof req.query.token === 'string' ? this.redeem(req.query.token) : undefined;
      if (!session) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('This link has been used or has run out. Start JARVIS again for a new one.');
      }
      return reply
        .code(303)
        .header('set-cookie', `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`)
        .header('cache-control', 'no-store')
        .header('location', '/')
        .send();
    });
  }
}
