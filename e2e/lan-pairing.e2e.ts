import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotPath } from './support/browser';
import { PHONE, startLanApp, type LanApp } from './support/lan';
import { callTool, seriousViolations } from './support/ui';

// A phone on the home network: the served app with its LAN listener on 127.0.0.2, a
// phone-sized page that has never been paired. Chromium is told to accept JARVIS's own
// certificate by its key's fingerprint (what trusting the CA does on a real phone); the
// product never turns verification off.

let lan: LanApp;

beforeAll(async () => {
  lan = await startLanApp();
});

afterAll(async () => {
  await lan?.stop();
});

describe('pairing a phone over the home network', () => {
  it('an unpaired phone sees only the pairing page; with the code from the desktop it pairs and sees Home; disconnected, it is out', async () => {
    const { app, browser, lanUrl } = lan;
    await callTool(app, 'groceries_add', { name: 'Hafermilch', quantity: 1, unit: 'l' });
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();

    // Without pairing, the app itself is not served: the browser lands on the pairing page.
    await page.goto(lanUrl);
    expect(new URL(page.url()).pathname).toBe('/pair');
    expect(await page.evaluate(() => fetch('/api/state').then((r) => r.status))).toBe(401);
    // The manifest names only the app; browsers fetch it without cookies, so it is open to all.
    expect(await page.evaluate(() => fetch('/manifest.webmanifest', { credentials: 'omit' }).then((r) => r.status))).toBe(200);
    expect(await seriousViolations(page)).toEqual([]);

    // The desktop asks for a code; the phone opens the link from the QR code.
    const pairing = (await (await fetch(`${app.url}/api/pairing`, { method: 'POST' })).json()) as { code: string; url: string };
    expect(pairing.url.startsWith(`${lanUrl}/pair#code=`)).toBe(true);
    await page.goto(pairing.url);
    expect(await page.inputValue('#code')).toBe(pairing.code);
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByLabel('Name des Geräts').fill('Annas Handy');
    await page.screenshot({ path: screenshotPath('lan-pairing') });
    await page.getByRole('button', { name: 'Verbinden' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('screen-home').waitFor({ timeout: 20_000 });
    // The live connection (the event stream) runs over the paired session, and the household's data comes with it.
    await page.getByText('verbunden', { exact: true }).waitFor();
    const state = await page.evaluate(() => fetch('/api/state').then(async (r) => ({ status: r.status, text: await r.text() })));
    expect(state.status).toBe(200);
    expect(state.text).toContain('Hafermilch');
    await page.screenshot({ path: screenshotPath('lan-paired-home') });

    const cookie = (await context.cookies()).find((c) => c.name === 'jarvis_device');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
    const devices = (await (await fetch(`${app.url}/api/devices`)).json()) as { devices: { id: string; name: string }[] };
    expect(devices.devices.map((d) => d.name)).toEqual(['Annas Handy']);

    // The same code does not pair a second phone.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    const second = await other.newPage();
    await second.goto(pairing.url);
    await second.getByRole('button', { name: 'Weiter' }).click();
    await second.getByText(/kein Code|no pairing code|There is no pairing code/i).waitFor();
    await other.close();

    // Disconnected on the desktop: the phone's live connection drops, and it is back at the pairing page.
    expect((await fetch(`${app.url}/api/devices/${devices.devices[0]!.id}`, { method: 'DELETE' })).status).toBe(204);
    await page.getByText('verbunden', { exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/pair');
    await context.close();
  });
});
