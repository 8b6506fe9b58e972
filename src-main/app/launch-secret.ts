import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Capability, Platform } from '../master';

// The desktop window loads the UI from the master's loopback listener (never file://).
// Any other program on the machine could reach that listener too, so in the desktop app
// every request must carry a secret made fresh at each launch. Electron adds it as a
// request header to the window's own requests (session.webRequest), so page script never
// sees it and a browser tab or another local process is refused.

export const LAUNCH_SECRET_HEADER = 'x-jarvis-launch-secret';

export function newLaunchSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of the header value with the launch secret. */
export function hasLaunchSecret(headerValue: string | string[] | undefined, secret: string): boolean {
  if (typeof headerValue !== 'string') return false;
  const given = Buffer.from(headerValue);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Request headers as Electron's onBeforeSendHeaders should pass them on. */
export function withLaunchSecret(headers: Readonly<Record<string, string>>, secret: string): Record<string, string> {
  const out: Record<string, string> = {};
  // A page cannot choose the value: whatever it set under that name is replaced.
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() !== LAUNCH_SECRET_HEADER) out[name] = value;
  out[LAUNCH_SECRET_HEADER] = secret;
  return out;
}

/**
 * A capability whose only job is the guard: an onRequest hook on the API listener
 * (the mesh listener keeps its own token scheme). Hooks on the root instance cover
 * every route, including those registered before it and the UI's static files.
 */
export function launchSecretGuard(secret: string): (platform: Platform) => Capability {
  return (ctx) => {
    ctx.tracer.redactor.add(secret);
    return {
      name: 'desktop-launch-secret',
      routes(app, listener) {
        // Paired phones reach the LAN listener with their own credential, never the window's secret.
        if (listener !== 'loopback') return;
        app.addHook('onRequest', async (req, reply) => {
          if (hasLaunchSecret(req.headers[LAUNCH_SECRET_HEADER], secret)) return;
          await reply.code(403).send({
            error: {
              code: 'DESKTOP_SESSION_REQUIRED',
              message: 'The desktop app only answers its own window. Use `npm run serve` for a browser.',
            },
          });
        });
      },
    };
  };
}
