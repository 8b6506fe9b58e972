import { X509Certificate, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { startServedApp, type ServedApp } from './served-app';
import { eventually } from './ui';

/** The served app's LAN address, as it prints it once the listener is up. */
export async function lanUrlOf(app: ServedApp): Promise<string> {
  return eventually(() => {
    const m = /LAN listener for paired phones and tablets at (https:\/\/\S+)/.exec(app.output());
    if (!m) throw new Error(`no LAN address printed:\n${app.output()}`);
    return m[1]!;
  });
}

/**
 * Chromium flags that accept JARVIS's own server certificate by its key's fingerprint (what
 * trusting the CA does on a real phone); certificate checks stay on for everything else.
 */
export function trustServerCertificate(app: ServedApp): string[] {
  const pem = readFileSync(join(app.dataDir, 'tls', 'server.crt'));
  const key = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return [`--ignore-certificate-errors-spki-list=${createHash('sha256').update(key).digest('base64')}`];
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' } as const;

/**
 * A phone-sized page paired by code the way a person does it: the desktop asks for a code,
 * the phone opens the link, names itself and lands on the app. `before` runs on the fresh
 * context first (init scripts, permissions).
 */
export async function pairPhone(
  browser: Browser,
  app: ServedApp,
  deviceName: string,
  before: (context: BrowserContext, page: Page) => Promise<void> = async () => {},
): Promise<{ context: BrowserContext; page: Page; deviceId: string }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await before(context, page);
  const pairing = (await (await fetch(`${app.url}/api/pairing`, { method: 'POST' })).json()) as { code: string; url: string };
  await page.goto(pairing.url);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Name des Geräts').fill(deviceName);
  await page.getByRole('button', { name: 'Verbinden' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('app-shell').waitFor({ timeout: 20_000 });
  const devices = (await (await fetch(`${app.url}/api/devices`)).json()) as { devices: { id: string; name: string }[] };
  const device = devices.devices.find((d) => d.name === deviceName);
  if (!device) throw new Error(`${deviceName} is not among the paired devices: ${JSON.stringify(devices)}`);
  return { context, page, deviceId: device.id };
}

export interface LanApp {
  readonly app: ServedApp;
  /** A browser that trusts the app's own certificate, as a phone does once the CA is installed. */
  readonly browser: Browser;
  /** The app's HTTPS address on the home network. */
  readonly lanUrl: string;
  stop(): Promise<void>;
}

/** The served app with its LAN listener on 127.0.0.2, and a browser to reach it there. */
export async function startLanApp(): Promise<LanApp> {
  const app = await startServedApp({ JARVIS_LAN_ADDR: '127.0.0.2:0' });
  try {
    const lanUrl = await lanUrlOf(app);
    const browser = await launchBrowser(trustServerCertificate(app));
    return {
      app,
      browser,
      lanUrl,
      stop: async () => {
        await browser.close();
        await app.stop();
      },
    };
  } catch (err) {
    await app.stop();
    throw err;
  }
}
