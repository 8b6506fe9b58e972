import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
  type FastifySchemaCompiler,
  type FastifyServerOptions,
} from 'fastify';
import { createRequire } from 'node:module';
import { compileSchema } from '../validation';
import { Refusal } from '../errors';
import { errorBody, statusOfRefusal } from './errors';
import { crossSiteReason } from './cross-site';
import { isLoopbackHost } from './host-check';
import { findLoneSurrogate } from './lone-surrogates';
import { knownFreeOfSurrogates, parseJsonBody } from './json-body';
import { serveUi } from './static-files';
import { redirectPlainHttp } from './plain-http-redirect';
import type { Server as TlsServer } from 'node:tls';
import { honourIdempotencyKeys } from './idempotency';
import type { IdempotencyKeys } from '../database';

export interface HttpServerOptions {
  /** Reject requests whose Host header is not loopback (the API listener). */
  readonly loopbackOnly: boolean;
  /** Reject requests whose Host header this refuses (the LAN listener: its own names only). */
  readonly allowHost?: (hostHeader: string | undefined) => boolean;
  /**
   * Speak HTTPS (the LAN listener). The certificate is set with setCertificate before the
   * server listens; plain HTTP on the same port is answered with a redirect to HTTPS.
   */
  readonly https?: boolean;
  /** Built renderer folder; served with an SPA fallback when present. */
  readonly uiDir?: string;
  readonly bodyLimitBytes?: number;
  /** The scheme the listener speaks, for the same-origin check (default http). */
  readonly scheme?: 'http' | 'https';
  readonly onError?: (err: unknown, route: string) => void;
  /** Where writes with an `Idempotency-Key` header keep their first answer; without it the header is ignored. */
  readonly idempotencyKeys?: IdempotencyKeys;
}

/**
 * A fastify instance with the contracts every JARVIS listener shares: JSON errors
 * `{error:{code,message}}` and never a stack trace, JSON 404 for unknown API routes,
 * schema validation through our strict ajv (no coercion, no stripping).
 */
// Compiled on a route's first request, not at start-up: compiling every route's schema
// up front was the largest part of a cold start. compileSchema caches per schema.
const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  return (data: unknown) => {
    const fn = compileSchema(schema as object);
    return fn(data) ? { value: data } : { error: Object.assign(new Error('invalid'), { validation: fn.errors }) };
  };
};

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

// fastify types the factory with @fastify/ajv-compiler's route definition, whose `method`
// may be undefined; our compiler reads only the schema.
const buildValidator = (() => validatorCompiler) as unknown as NonNullable<CompilersFactory['buildValidator']>;

/**
 * fastify's own response serializer compiler (fast-json-stringify), loaded when a route
 * with a response schema first needs it. No route has one today; fastify would otherwise
 * load it, and its own ajv, for every instance it creates.
 */
const buildSerializer: NonNullable<CompilersFactory['buildSerializer']> = (externalSchemas, options) => {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => NonNullable<CompilersFactory['buildSerializer']>;
  };
  return SerializerSelector()(externalSchemas, options);
};

// The multipart parser (busboy, under @fastify/multipart) reports a malformed body with
// plain Errors and no status; they reach us from req.file()/req.parts() or from the file
// stream a route is reading. They are the client's fault, like invalid JSON.
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot (be an empty|have a length bigger))/;

function isMalformedMultipart(err: unknown): boolean {
  return err instanceof Error && (err as { statusCode?: unknown }).statusCode === undefined && MALFORMED_MULTIPART.test(err.message);
}

export interface RouteInfo {
  readonly method: string;
  /** The route pattern as registered, e.g. /api/tasks/:id. */
  readonly url: string;
}

const ROUTES = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Every route registered on a server made by createHttpServer (HEAD twins of GETs left out). */
export function registeredRoutes(app: FastifyInstance): readonly RouteInfo[] {
  return ROUTES.get(app) ?? [];
}

export function createHttpServer(options: HttpServerOptions): FastifyInstance {
  const app = Fastify({
    // The certificate comes later (setCertificate): it is made asynchronously, at start.
    ...(options.https ? { https: {} } : {}),
    logger: false,
    bodyLimit: options.bodyLimitBytes ?? 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: true,
    // Both compilers are given here: fastify loads its default ones (its own ajv and
    // fast-json-stringify) only when an instance is created without them.
    schemaController: { compilersFactory: { buildValidator, buildSerializer } },
  }) as unknown as FastifyInstance;
  // Large JSON bodies are parsed in slices; JSON.parse would hold the event loop for all of one.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req: FastifyRequest, body: string | Buffer) =>
    parseJsonBody(String(body)),
  );
  if (options.https) {
    const { allowHost } = options;
    const dropUndecided = redirectPlainHttp(app.server as unknown as TlsServer, (host) => allowHost?.(host) ?? true);
    app.addHook('preClose', (done) => {
      dropUndecided();
      done();
    });
  }

  // Added first, so routes of encapsulated plugins (multipart scopes) are seen too.
  const routes: RouteInfo[] = [];
  ROUTES.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  if (options.loopbackOnly) {
    app.addHook('onRequest', async (req, reply) => {
      if (!isLoopbackHost(req.headers.host)) {
        await reply.code(403).send(errorBody('HOST_NOT_ALLOWED', 'This listener only answers requests addressed to a loopback host.'));
      }
    });
  }

  if (options.allowHost) {
    const { allowHost } = options;
    app.addHook('onRequest', async (req, reply) => {
      if (reply.sent || allowHost(req.headers.host)) return;
      await reply
        .code(403)
        .send(errorBody('HOST_NOT_ALLOWED', "This listener only answers requests addressed to this machine's LAN names."));
    });
  }
  // Every listener: a browser page of another site never writes, whichever listener it reaches.
  const scheme = options.scheme ?? (options.https ? 'https' : 'http');
  app.addHook('onRequest', async (req, reply) => {
    if (reply.sent) return;
    const reason = crossSiteReason({ method: req.method, headers: req.headers, scheme });
    if (reason !== undefined) {
      await reply
        .code(403)
        .send(
          errorBody(
            'CROSS_SITE_REQUEST',
            `This request came from another web site or app and was refused (${reason}). Use JARVIS from its own window or address.`,
          ),
        );
    }
  });

  app.addHook('preValidation', async (req, reply) => {
    const at = typeof req.body === 'object' && !knownFreeOfSurrogates(req.body) ? findLoneSurrogate(req.body) : undefined;
    if (at !== undefined) {
      await reply
        .code(400)
        .send(
          errorBody(
            'INVALID_TEXT',
            `body${at === '/' ? '' : at} holds half of a UTF-16 surrogate pair (e.g. "\\ud800"); send valid Unicode text.`,
            at,
          ),
        );
    }
  });

  if (options.idempotencyKeys) honourIdempotencyKeys(app, options.idempotencyKeys);

  app.setErrorHandler((err: FastifyError | Refusal, req, reply) => {
    if (err instanceof Refusal) {
      return reply.code(statusOfRefusal(err)).send(errorBody(err.code, err.message, err.path));
    }
    if (err.validation) {
      const first = err.validation[0];
      const path = first?.instancePath ?? '';
      const where = err.validationContext ?? 'body';
      return reply.code(400).send(errorBody('INVALID_REQUEST', `${where}${path} ${first?.message ?? 'is invalid'}`, path));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.code(400).send(errorBody('INVALID_JSON', 'The request body is not valid JSON.'));
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(errorBody('INVALID_JSON', 'The request body is empty but declared as JSON.'));
    }
    if (isMalformedMultipart(err)) {
      return reply
        .code(400)
        .send(
          errorBody('MALFORMED_MULTIPART', 'The upload is not a complete multipart/form-data body (boundary missing or body cut short).'),
        );
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The rest of the body is never wanted: the connection ends as soon as the 413 is out.
      // Left to Node, it goes on reading (and dropping) a chunked body until its graceful
      // close is done, about 2 MB per request, which under a flood of them is the event
      // loop's time and garbage (bench/health-under-load.bench.mjs, phase e).
      const socket = req.raw.socket;
      reply.raw.once('finish', () => socket.destroy());
      return reply.code(413).send(errorBody('BODY_TOO_LARGE', 'The request body is too large.'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.'));
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send(errorBody(err.code ?? 'BAD_REQUEST', err.message));
    }
    options.onError?.(err, `${req.method} ${req.url}`);
    return reply.code(500).send(errorBody('INTERNAL', 'Internal error. Details are in the debug trace.'));
  });

  const notFound = (method: string, url: string) => errorBody('NOT_FOUND', `No route for ${method} ${url.split('?')[0]}`);
  if (options.uiDir) serveUi(app, options.uiDir, notFound);
  else app.setNotFoundHandler(async (req, reply) => reply.code(404).send(notFound(req.method, req.url)));
  return app;
}

/** Sets (or replaces, on renewal) the certificate of a server made with `https: true`; open connections keep theirs. */
export function setCertificate(app: FastifyInstance, material: { readonly key: string; readonly cert: string }): void {
  (app.server as unknown as TlsServer).setSecureContext({ key: material.key, cert: material.cert });
}
