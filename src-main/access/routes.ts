import { X509Certificate } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppPasswordResponse, DevicesResponse, PairingCheckResponse, PairingConfirmResponse, PairingResponse } from '../../src-shared';
import { isCalendarFeedPath, isCaldavPath } from '../../src-shared';
import type { ApiListener } from '../platform/capability';
import { errorBody, Refusal } from '../platform/errors';
import { answerCarriesSecrets } from '../platform/secret-answers';
import { setViewer, viewerOf } from '../platform/viewer';
import type { AccessService } from './service';
import { credentialCookie, credentialFromCookies } from './device-credentials';
import { PAIR_PAGE_CSP, PAIR_PAGE_CSS, PAIR_PAGE_JS, pageLanguage, pairPageHtml } from './pair-page';

export interface LanInfo {
  /** The LAN listener's origin once it listens. */
  origin(): string | undefined;
  /** JARVIS's CA certificate (PEM) once made. */
  caPem(): string | undefined;
  /** The pairing link as a QR code (SVG). */
  qrSvg(url: string): Promise<string>;
}

/**
 * What an unpaired device may reach on the LAN listener: the pairing page and its two calls,
 * and the app's manifest and icons. Browsers fetch a manifest without cookies (and the
 * install check its icons), so a paired phone could not install the app if these asked for
 * the device's credential; they name the app and nothing of the household.
 */
const OPEN_ON_LAN = new Set([
  'GET /manifest.webmanifest',
  'GET /icons/icon-192.png',
  'GET /icons/icon-512.png',
  'GET /icons/maskable-192.png',
  'GET /icons/maskable-512.png',
  'GET /icons/apple-touch-icon.png',
  'GET /pair',
  'HEAD /pair',
  'GET /pair/pair.js',
  'GET /pair/pair.css',
  'GET /pair/ca.crt',
  'POST /api/pairing/check',
  'POST /api/pairing/confirm',
]);

const CODE = { type: 'string', minLength: 1, maxLength: 32 } as const;

function requireDesktopOrAdmin(req: FastifyRequest, service: AccessService): void {
  const viewer = viewerOf(req);
  if (viewer.via === 'loopback' || service.isAdmin(viewer.memberId)) return;
  throw new Refusal('forbidden', 'ADMIN_ONLY', 'Only the computer running JARVIS or a device of an admin member may manage devices.');
}

/**
 * Every LAN request carries a paired device's credential, except the pairing page and its
 * calls. A request without one is refused (a page navigation is sent to the pairing page);
 * one with it acts for the device's member.
 */
function addLanGuard(app: FastifyInstance, service: AccessService): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent) return;
    const path = req.url.split('?')[0] ?? '';
    if (OPEN_ON_LAN.has(`${req.method} ${path}`)) return;
    // A private calendar feed: the secret in its address is the key (the feed route checks it).
    if (req.method === 'GET' && isCalendarFeedPath(path)) return;
    // Calendar programs cannot keep the web app's cookie: they send the device's app
    // password, which opens CalDAV and nothing else.
    if (isCaldavPath(path)) {
      const device = service.authenticateAppPassword(req.headers.authorization);
      if (device) {
        setViewer(req, { via: 'lan', deviceId: device.id, memberId: device.memberId });
        service.track(device.id, reply.raw);
        return;
      }
      await reply
        .code(401)
        .header('www-authenticate', 'Basic realm="JARVIS", charset="UTF-8"')
        .header('cache-control', 'no-store')
        .send(errorBody('APP_PASSWORD_REQUIRED', 'Calendar access needs the app password made for this device on the devices card.'));
      return;
    }
    const credential = credentialFromCookies(req.headers.cookie);
    const device = credential === undefined ? undefined : service.authenticate(credential);
    if (device) {
      setViewer(req, { via: 'lan', deviceId: device.id, memberId: device.memberId });
      service.track(device.id, reply.raw);
      return;
    }
    if (req.method === 'GET' && !path.startsWith('/api/') && (req.headers.accept ?? '').includes('text/html')) {
      await reply.code(303).header('location', '/pair').header('cache-control', 'no-store').send();
      return;
    }
    await reply
      .code(401)
      .header('cache-control', 'no-store')
      .send(errorBody('DEVICE_NOT_PAIRED', 'This device is not paired with JARVIS. Open /pair on it to pair it.'));
  });
}

function pairingRoutes(app: FastifyInstance, service: AccessService, lan: LanInfo, language: string): void {
  const page = (reply: FastifyReply, type: string, body: string) =>
    reply
      .type(type)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', PAIR_PAGE_CSP)
      .send(body);
  app.get('/pair', async (req, reply) =>
    page(reply, 'text/html; charset=utf-8', pairPageHtml(pageLanguage(req.headers['accept-language'], language))),
  );
  app.get('/pair/pair.js', async (_req, reply) => page(reply, 'text/javascript; charset=utf-8', PAIR_PAGE_JS));
  app.get('/pair/pair.css', async (_req, reply) => page(reply, 'text/css; charset=utf-8', PAIR_PAGE_CSS));
  app.get('/pair/ca.crt', async (_req, reply) => {
    const pem = lan.caPem();
    if (!pem) throw new Refusal('unavailable', 'CA_NOT_READY', 'The certificate is not made yet.');
    return reply
      .type('application/x-x509-ca-cert')
      .header('content-disposition', 'attachment; filename="jarvis-ca.crt"')
      .header('cache-control', 'no-store')
      .send(pem);
  });

  app.post<{ Body: { code: string } }>(
    '/api/pairing/check',
    { schema: { body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: CODE } } } },
    async (req): Promise<PairingCheckResponse> => service.checkCode(req.ip, req.body.code),
  );

  app.post<{ Body: { code: string; member: string; device_name: string } }>(
    '/api/pairing/confirm',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code', 'member', 'device_name'],
          properties: {
            code: CODE,
            member: { type: 'string', minLength: 1, maxLength: 100 },
            device_name: { type: 'string', minLength: 1, maxLength: 60 },
          },
        },
      },
    },
    async (req, reply): Promise<PairingConfirmResponse> => {
      const { device, credential } = service.pair(req.ip, {
        code: req.body.code,
        member: req.body.member,
        deviceName: req.body.device_name,
      });
      void reply.code(201).header('set-cookie', credentialCookie(credential)).header('cache-control', 'no-store');
      return { device };
    },
  );
}

export function registerAccessRoutes(
  app: FastifyInstance,
  listener: ApiListener,
  service: AccessService,
  lan: LanInfo,
  language: string,
): void {
  if (listener === 'lan') {
    addLanGuard(app, service);
    pairingRoutes(app, service, lan, language);
  }

  // The body is not read: asking for a code takes nothing.
  app.post('/api/pairing', async (req): Promise<PairingResponse> => {
    if (viewerOf(req).via !== 'loopback') {
      throw new Refusal('forbidden', 'PAIRING_FROM_DESKTOP_ONLY', 'A pairing code is made on the computer running JARVIS.');
    }
    const origin = lan.origin();
    if (!origin) {
      throw new Refusal('conflict', 'LAN_OFF', 'LAN access is off. Turn it on in the settings (JARVIS_LAN_ADDR) and restart JARVIS.');
    }
    const pem = lan.caPem();
    if (!pem) throw new Refusal('unavailable', 'CA_NOT_READY', 'The certificate is not made yet.');
    answerCarriesSecrets(req, ['code', 'url', 'qr_svg']);
    const { code, expiresAt } = service.issueCode();
    const url = `${origin}/pair#code=${code}`;
    return {
      code,
      url,
      expires_at: expiresAt.toISOString(),
      qr_svg: await lan.qrSvg(url),
      ca_fingerprint: new X509Certificate(pem).fingerprint256,
    };
  });

  app.get('/api/devices', async (req): Promise<DevicesResponse> => {
    requireDesktopOrAdmin(req, service);
    const origin = lan.origin();
    return { lan: origin ? { enabled: true, url: origin } : { enabled: false }, devices: service.list() };
  });

  const deviceParams = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  } as const;
  app.post<{ Params: { id: string } }>(
    '/api/devices/:id/app-password',
    { schema: { params: deviceParams } },
    async (req, reply): Promise<AppPasswordResponse> => {
      requireDesktopOrAdmin(req, service);
      answerCarriesSecrets(req, ['password']);
      const { password, memberName } = service.issueAppPassword(req.params.id);
      const origin = lan.origin();
      void reply.code(201).header('cache-control', 'no-store');
      return { username: memberName || 'jarvis', password, ...(origin ? { server_url: origin } : {}) };
    },
  );
  app.delete<{ Params: { id: string } }>('/api/devices/:id/app-password', { schema: { params: deviceParams } }, async (req, reply) => {
    requireDesktopOrAdmin(req, service);
    service.revokeAppPassword(req.params.id);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>(
    '/api/devices/:id',
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (req, reply) => {
      requireDesktopOrAdmin(req, service);
      service.revoke(req.params.id);
      return reply.code(204).send();
    },
  );
}
