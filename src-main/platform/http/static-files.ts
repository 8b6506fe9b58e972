import { createReadStream, existsSync, readFileSync, statSync, type ReadStream } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

// The UI is a handful of built files. A dedicated static plugin costs more at start-up
// than the rest of the HTTP layer (it globs the folder and pulls in a MIME database),
// so the few types Vite emits are served here.
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The UI's policy: no inline or eval'd script, no framing, only our own origin. */
export const UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Resolves a URL path inside `root`, or undefined for anything that would leave it. */
export function resolveStaticPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return undefined;
  try {
    return statSync(full).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

/** Larger files (none in a normal build) are streamed instead of kept in memory. */
const MAX_CACHED_BYTES = 2 * 1024 * 1024;

/**
 * A built file's bytes, read on first request and then kept: the build does not change
 * while the master runs (index.html is read once as well). One write per response also
 * keeps the app bundle from being interleaved, chunk by chunk, with the API requests the
 * page sends at the same time.
 */
function fileContents(cache: Map<string, Buffer>, file: string): Buffer | ReadStream {
  const hit = cache.get(file);
  if (hit) return hit;
  if (statSync(file).size > MAX_CACHED_BYTES) return createReadStream(file);
  const bytes = readFileSync(file);
  cache.set(file, bytes);
  return bytes;
}

/** The wall display's address (`/?wall`), which the desktop app's wall window and paired tablets open. */
function isWallRequest(url: string): boolean {
  const query = url.indexOf('?');
  return query >= 0 && new URLSearchParams(url.slice(query + 1)).has('wall');
}

/**
 * Serves the built renderer: files by path, index.html for app routes (deep links), the wall
 * display's own page (wall.html, a small entry without the app) for `/?wall`, and
 * `Cache-Control: no-store` everywhere so an old bundle never survives an update
 *. Unknown /api/ routes and missing assets stay JSON 404s.
 */
export function serveUi(app: FastifyInstance, root: string, notFound: (method: string, url: string) => object): void {
  if (!existsSync(join(root, 'index.html'))) {
    app.setNotFoundHandler(async (req, reply) => reply.code(404).send(notFound(req.method, req.url)));
    return;
  }
  const indexHtml = readFileSync(join(root, 'index.html'));
  // A build without the wall's page (an older one) opens the wall through the app's entry.
  const wallHtml = existsSync(join(root, 'wall.html')) ? readFileSync(join(root, 'wall.html')) : indexHtml;
  const files = new Map<string, Buffer>();
  const sendPage = (reply: FastifyReply, html: Buffer) =>
    reply
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', UI_CSP)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if ((req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/')) {
      if (path === '/' && isWallRequest(req.url)) return sendPage(reply, wallHtml);
      if (path === '/' || path === '/index.html') return sendPage(reply, indexHtml);
      if (path === '/wall.html') return sendPage(reply, wallHtml);
      const file = resolveStaticPath(root, path);
      if (file) {
        return reply
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .type(TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
          .send(fileContents(files, file));
      }
      // An app route (no file extension) gets the app; a missing asset a 404.
      if (!/\.[a-z0-9]+$/i.test(path)) return sendPage(reply, indexHtml);
    }
    return reply.code(404).send(notFound(req.method, req.url));
  });
}
