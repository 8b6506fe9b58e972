import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  answerProofText,
  CALL_NONCE_HEADER,
  INVOKE_PROTOCOL,
  invokeEnvelopeSchema,
  SKILL_INVOKE_PROTOCOL,
  WORKER_SIGNATURE_HEADER,
  type InvokeEnvelope,
  type WorkerHealth,
} from '../../src-shared';
import { invokeProcessSkill, isLongLived, type InvokeRequest, type RunnerPolicy, type WarmSkillPool } from '../../src-main/skills/process';
import { check, compileSchema } from '../../src-main/platform/validation';
import type { SkillCatalog } from './skill-catalog';

const MAX_BODY_BYTES = 1024 * 1024;

export interface InvokeServerOptions {
  /** The access token the master issued at the last enrollment; undefined while not enrolled. */
  readonly currentToken: () => string | undefined;
  readonly catalog: () => SkillCatalog;
  readonly policy: RunnerPolicy;
  /** Serves the skills whose manifest asks for a long-lived process; the others start one per call. */
  readonly warm?: WarmSkillPool;
  /** Rescans /skills and PUTs them to the master; resolves with the new health. */
  readonly reload: () => Promise<WorkerHealth>;
  readonly health: () => WorkerHealth;
  readonly log: (line: string) => void;
  /** Signs with the worker's key: every answer to a call that carries a nonce is signed. */
  readonly sign?: (text: string) => string;
}

/** The signer of each answer under way, set from the request's nonce. */
const answerSigners = new WeakMap<ServerResponse, (body: string) => string>();

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant time: both sides hashed to 32 bytes before the comparison. */
function tokenMatches(header: string | undefined, expected: string | undefined): boolean {
  if (!expected || !header) return false;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(expected));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const signer = answerSigners.get(res);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...(signer ? { [WORKER_SIGNATURE_HEADER]: signer(text) } : {}),
  });
  res.end(text);
}

function fail(res: ServerResponse, status: number, code: string, message: string, path?: string): void {
  send(res, status, { error: path === undefined ? { code, message } : { code, message, path } });
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * The worker's own listener: POST /v1/invoke, POST /v1/reload, GET /v1/health. Every one
 * of them needs the access token of the current enrollment; without it, 401.
 */
export function createInvokeServer(options: InvokeServerOptions): Server {
  async function invoke(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    if (text === undefined) return fail(res, 413, 'BODY_TOO_LARGE', 'The request body is too large.');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(res, 400, 'INVALID_JSON', 'The request body is not valid JSON.');
    }
    const shape = check(compileSchema(invokeEnvelopeSchema), body);
    if (!shape.ok) return fail(res, 400, 'INVALID_ENVELOPE', shape.error.message, shape.error.path);
    const envelope = body as InvokeEnvelope;
    const skill = options.catalog().skills.get(envelope.skill_id);
    if (!skill) return fail(res, 404, 'UNKNOWN_SKILL', `This worker does not serve the skill ${envelope.skill_id}.`);
    const now = new Date(envelope.context.now);
    if (Number.isNaN(now.getTime())) return fail(res, 400, 'INVALID_ENVELOPE', 'context.now is not a date', '/context/now');
    const request: InvokeRequest = {
      skill,
      action: envelope.action,
      input: envelope.input,
      context: { traceId: envelope.context.trace_id, now, timezone: envelope.context.timezone },
      policy: options.policy,
      protocol: SKILL_INVOKE_PROTOCOL,
      requestId: envelope.request_id,
      // The worker's own folder is what its operator installed for this container.
      integrationSkill: true,
    };
    // The manifest read at the last scan names the process: a reload that changed it starts a new one.
    const { result } =
      options.warm && isLongLived(skill.manifest)
        ? await options.warm.invoke(request, JSON.stringify(skill.manifest))
        : await invokeProcessSkill(request);
    send(res, 200, { protocol: INVOKE_PROTOCOL, ...result });
  }

  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const nonce = req.headers[CALL_NONCE_HEADER];
    const sign = options.sign;
    if (sign && typeof nonce === 'string' && nonce.length > 0 && nonce.length <= 128)
      answerSigners.set(res, (body) => sign(answerProofText(nonce, body)));
    if (!tokenMatches(req.headers.authorization, options.currentToken())) {
      req.resume();
      return fail(res, 401, 'TOKEN_REFUSED', 'This worker only answers calls with the access token of its current enrollment.');
    }
    const route = `${req.method} ${path}`;
    const handle = async () => {
      if (route === 'POST /v1/invoke') return invoke(req, res);
      if (route === 'POST /v1/reload') {
        req.resume();
        return send(res, 200, await options.reload());
      }
      if (route === 'GET /v1/health') return send(res, 200, options.health());
      req.resume();
      return fail(res, 404, 'NOT_FOUND', `No route for ${route}`);
    };
    handle().catch((err: unknown) => {
      options.log(`request ${route} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) fail(res, 500, 'INTERNAL', 'The worker failed to handle the request.');
      else res.destroy();
    });
  });
}
