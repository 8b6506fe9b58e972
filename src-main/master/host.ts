import { randomBytes } from 'node:crypto';
import type { Config } from '../platform/config';
import { createMaster, type Addresses, type Master, type MasterOptions } from './index';

/**
 * Keeps one master running and puts a fresh one in its place when the running one asks
 * (a backup restored from the app replaces the database under every capability): the old
 * one stops, the work between runs on the closed database, the new one listens on the same
 * ports with the same local secret and signed-in browsers, so open windows reconnect.
 */
export interface MasterHost {
  /** The master running now (another object after each restart). */
  readonly master: Master;
  start(): Promise<Addresses>;
  stop(): Promise<void>;
  /** Called after each restart with the new master (the desktop follows its events again). */
  onRestart(listener: (master: Master, addresses: Addresses) => void): () => void;
  /** Resolves when no restart is under way (tests). */
  settled(): Promise<void>;
}

function portOf(url: string | undefined): number | undefined {
  if (!url) return undefined;
  const port = Number(new URL(url).port);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/** The same listeners again: a port the system chose (0) stays the one it chose. */
export function samePorts(config: Config, addresses: Addresses): Config {
  const api = portOf(addresses.apiUrl);
  const mesh = portOf(addresses.meshUrl);
  const lan = portOf(addresses.lanUrl);
  return {
    ...config,
    addr: { ...config.addr, port: api ?? config.addr.port },
    meshAddr: { ...config.meshAddr, port: mesh ?? config.meshAddr.port },
    ...(config.lanAddr ? { lanAddr: { ...config.lanAddr, port: lan ?? config.lanAddr.port } } : {}),
  };
}

export function hostMaster(config: Config, options: MasterOptions = {}): MasterHost {
  const localAccess = {
    ...options.localAccess,
    secret: options.localAccess?.secret ?? randomBytes(32).toString('base64url'),
    sessions: options.localAccess?.sessions ?? new Set<string>(),
  };
  let current: Master;
  let addresses: Addresses | undefined;
  let restarting: Promise<void> | undefined;
  let stopped = false;
  const listeners = new Set<(master: Master, addresses: Addresses) => void>();
  const log = () => current.platform.log;

  const make = (c: Config) => createMaster(c, { ...options, localAccess, restart: (between) => void restart(between) });

  async function restart(between: () => void): Promise<void> {
    if (restarting || stopped || !addresses) return;
    const at = addresses;
    restarting = (async () => {
      const old = current;
      await old.stop();
      try {
        between();
      } catch (err) {
        old.platform.log.error('work between two masters failed', err);
      }
      if (stopped) return;
      current = make(samePorts(config, at));
      addresses = await current.start();
      for (const l of listeners) l(current, addresses);
    })()
      .catch((err: unknown) => log().error('JARVIS could not start again', err))
      .finally(() => {
        restarting = undefined;
      });
    return restarting;
  }

  current = make(config);
  return {
    get master() {
      return current;
    },
    async start() {
      addresses = await current.start();
      return addresses;
    },
    async stop() {
      stopped = true;
      await restarting;
      await current.stop();
    },
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async settled() {
      while (restarting) await restarting;
    },
  };
}
