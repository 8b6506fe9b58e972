import { dirname, join } from 'node:path';
import type { ApiListener, Capability, Platform, RouteRule } from '../platform/capability';
import { AccessService } from './service';
import { hostOfHeader, lanNames, urlHost } from './lan-names';
import type { MemberDirectory } from './members';
import { registerAccessRoutes } from './routes';
import { addRouteGuard } from './route-guard';
import { LocalSessions } from './local-session';
import { AppPasswordRepository, DeviceRepository } from './store';
import type { TlsMaterial } from './tls/local-ca';

/** How often the server certificate's expiry is looked at; it is renewed a month ahead. */
const RENEW_CHECK_MS = 12 * 3_600_000;

export interface AccessCapability extends Capability {
  readonly service: AccessService;
  /** Whether the LAN listener is configured (JARVIS_LAN_ADDR). */
  readonly lanEnabled: boolean;
  /** The names and addresses the LAN listener answers to (Host check, certificate). */
  readonly lanNames: readonly string[];
  /** Whether a Host header names the LAN listener. */
  isLanHost(hostHeader: string | undefined): boolean;
  /** The CA and server certificate, made or renewed as needed (before the LAN listener starts). */
  tls(): Promise<TlsMaterial>;
  /** Tells pairing where the LAN listener listens (its port is known only then); answers the origin devices use. */
  lanListening(port: number): string;
  /** Called with new certificate material whenever it is renewed while running. */
  onCertificateRenewed(listener: (material: TlsMaterial) => void): void;
  /** The secret of the desktop window and the CLI on the loopback listener. */
  readonly localSecret: string;
  /** A one-time path that signs a browser on this machine in as the desktop. */
  browserLink(): string;
}

export interface LocalAccessOptions {
  /** The desktop window's launch secret; made fresh when absent. */
  readonly secret?: string;
  /** `open`: every loopback request acts as the desktop (a machine with one trusted user, tests of the served UI). */
  readonly mode?: 'secret' | 'open';
  /** The signed-in browsers, kept by whoever outlives this master (a restart keeps them signed in). */
  readonly sessions?: Set<string>;
}

/** The folder of JARVIS's own CA and server certificate: beside the database. */
export function tlsDir(dataFile: string): string {
  return join(dirname(dataFile), 'tls');
}

/** LAN access for the household's own devices: pairing, paired devices, the LAN listener's TLS. */
export interface AccessDeps {
  readonly members: MemberDirectory;
  readonly local?: LocalAccessOptions;
  /** The rules extra capabilities declare for their own routes (read when a request comes). */
  readonly extraRules?: () => Readonly<Record<string, RouteRule>>;
}

export function createAccess(ctx: Platform, { members, local = {}, extraRules = () => ({}) }: AccessDeps): AccessCapability {
  const localSessions = new LocalSessions(ctx.clock, local.secret, local.sessions);
  ctx.tracer.redactor.add(localSessions.secret);
  const service = new AccessService(ctx, new DeviceRepository(ctx.db), members, new AppPasswordRepository(ctx.db));
  const stopWatchingMembers = ctx.events.subscribe((event) => {
    const domains = (event.data as { domains?: readonly string[] } | undefined)?.domains;
    if (event.type === 'state.changed' && domains?.includes('members')) service.membersChanged();
  });
  const addr = ctx.config.lanAddr;
  const names = addr ? lanNames({ host: addr.host, extra: ctx.config.lanNames }) : [];
  const allowed = new Set(names);
  let origin: string | undefined;
  let material: TlsMaterial | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  const renewed: ((m: TlsMaterial) => void)[] = [];

  const ensure = async (): Promise<TlsMaterial> => {
    const { ensureTlsMaterial } = await import('./tls/local-ca');
    const next = await ensureTlsMaterial(tlsDir(ctx.config.dataFile), names, ctx.clock());
    const changed = material !== undefined && next.certPem !== material.certPem;
    material = next;
    if (changed) for (const l of renewed) l(next);
    return next;
  };

  ctx.status.set('access', () =>
    addr
      ? {
          state: 'ok',
          detail: `LAN access on ${origin ?? names[0]}; ${service.count()} paired devices`,
          code: 'access.lanOn',
          params: { devices: service.count() },
        }
      : { state: 'off', detail: 'LAN access is off (JARVIS_LAN_ADDR unset)', code: 'access.lanOff' },
  );

  return {
    name: 'access',
    service,
    lanEnabled: addr !== undefined,
    lanNames: names,
    isLanHost: (header) => {
      const host = hostOfHeader(header);
      return host !== undefined && allowed.has(host);
    },
    tls: ensure,
    lanListening(port) {
      origin = `https://${urlHost(names[0] ?? 'localhost')}:${port}`;
      return origin;
    },
    onCertificateRenewed(listener) {
      renewed.push(listener);
    },
    localSecret: localSessions.secret,
    browserLink: () => localSessions.browserLink(),
    meshRoutes(app) {
      addRouteGuard(app, 'mesh', members, extraRules);
    },
    routes(app, listener: ApiListener) {
      registerAccessRoutes(
        app,
        listener,
        service,
        {
          origin: () => origin,
          caPem: () => material?.caPem,
          async qrSvg(url) {
            const QRCode = await import('qrcode');
            return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
          },
        },
        ctx.config.language,
      );
      if (listener === 'loopback') localSessions.register(app, local.mode ?? 'secret');
      // After the LAN guard and the local sessions: who asks is known before the table is looked at.
      addRouteGuard(app, listener, members, extraRules);
    },
    start() {
      localSessions.writeFile(ctx.config.dataFile);
      if (!addr) return;
      renewTimer = setInterval(() => {
        ensure().catch((err: unknown) => ctx.log.error('renewing the LAN certificate failed', err));
      }, RENEW_CHECK_MS);
      renewTimer.unref();
    },
    stop() {
      stopWatchingMembers();
      localSessions.removeFile();
      if (renewTimer) clearInterval(renewTimer);
      renewTimer = undefined;
    },
  };
}
