import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHomeAssistantStandIn, SAMPLE_HOME, type HomeAssistantStandIn } from '../src-main/testing/home-assistant-stand-in';
import { startHueBridge, type HueBridgeStandIn } from '../src-main/testing/hue-bridge';
import { launchBrowser, screenshotPath } from './support/browser';
import { lanUrlOf, trustServerCertificate } from './support/lan';
import { repoRoot, startServedApp, type ServedApp } from './support/served-app';
import { eventually } from './support/ui';

// A fresh master, a parent who has read no documentation: the first start in the browser
// at desktop and phone size, in German and English, then the Hue stand-in and the Home
// Assistant stand-in connected from the Settings screen, a phone paired with the code the app
// shows (the parent's phone then opens Settings too: admins change them from anywhere), and a
// light switched by a sentence.
// The stand-ins are written from Philips' CLIP API v2 and Home Assistant's WebSocket API
// documents (see each one's header).

const TOKEN = 'e2e-first-start-token-0123456789';

interface Words {
  readonly householdName: string;
  readonly next: string;
  readonly yourName: string;
  readonly addPerson: string;
  readonly personName: string;
  readonly kind: string;
  readonly child: string;
  readonly lights: string;
  readonly hueAddress: string;
  readonly findBridge: string;
  readonly connectBridge: string;
  readonly linkButton: string;
  readonly connected: string;
  readonly haAddress: string;
  readonly haToken: string;
  readonly test: string;
  readonly tokenRefused: string;
  readonly message: string;
  readonly send: string;
  readonly openChat: string;
  readonly sentence: string;
  readonly reply: string;
  readonly noModel: string;
  readonly sections: string;
  readonly system: string;
  readonly settingsNav: string;
  readonly pairDevice: string;
  readonly pairCode: string;
  readonly pairNext: string;
  readonly deviceName: string;
  readonly pairConnect: string;
  readonly backupsTitle: string;
}

const WORDS: Record<'de' | 'en', Words> = {
  de: {
    householdName: 'Wie heißt euer Haushalt?',
    next: 'Weiter',
    yourName: 'Dein Name',
    addPerson: 'Person hinzufügen',
    personName: 'Name',
    kind: 'Erwachsen oder Kind',
    child: 'Kind',
    lights: 'Licht verbinden (Philips Hue)',
    hueAddress: 'Adresse der Bridge (z. B. https://192.168.1.20)',
    findBridge: 'Bridge suchen',
    connectBridge: 'Verbinden',
    linkButton: 'Der Knopf auf der Bridge wurde noch nicht gedrückt',
    connected: 'Verbunden.',
    haAddress: 'Adresse (z. B. http://homeassistant.local:8123)',
    haToken: 'Langlebiger Zugangsschlüssel',
    test: 'Verbindung testen und speichern',
    tokenRefused: 'Der Zugangsschlüssel wurde abgelehnt',
    message: 'Nachricht an JARVIS',
    send: 'Senden',
    openChat: 'Assistent öffnen',
    sentence: 'Licht im Wohnzimmer an',
    reply: 'Wohnzimmer: Licht an.',
    noModel: 'Ollama ist nicht erreichbar oder hat noch kein Modell.',
    sections: 'Bereiche',
    system: 'Wissen & System',
    settingsNav: 'Einstellungen',
    pairDevice: 'Gerät verbinden',
    pairCode: 'Code zum Verbinden',
    pairNext: 'Weiter',
    deviceName: 'Name des Geräts',
    pairConnect: 'Verbinden',
    backupsTitle: 'Sicherungen',
  },
  en: {
    householdName: 'What is your household called?',
    next: 'Next',
    yourName: 'Your name',
    addPerson: 'Add person',
    personName: 'Name',
    kind: 'Adult or child',
    child: 'Child',
    lights: 'Connect lights (Philips Hue)',
    hueAddress: 'Bridge address (e.g. https://192.168.1.20)',
    findBridge: 'Find bridge',
    connectBridge: 'Connect',
    linkButton: 'The button on the bridge has not been pressed yet',
    connected: 'Connected.',
    haAddress: 'Address (e.g. http://homeassistant.local:8123)',
    haToken: 'Long-lived access token',
    test: 'Test connection and save',
    tokenRefused: 'The access token was refused',
    message: 'Message to JARVIS',
    send: 'Send',
    openChat: 'Open assistant',
    // The stand-ins' rooms carry German names, as the family named them in its apps.
    sentence: 'Turn on the lights in the Wohnzimmer',
    reply: 'Wohnzimmer: lights on.',
    noModel: 'Ollama cannot be reached or has no model yet.',
    sections: 'Sections',
    system: 'Knowledge & System',
    settingsNav: 'Settings',
    pairDevice: 'Connect a device',
    pairCode: 'Code to connect',
    pairNext: 'Next',
    deviceName: 'Device name',
    pairConnect: 'Connect',
    backupsTitle: 'Backups',
  },
};

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

let browser: Browser;
let ha: HomeAssistantStandIn;

beforeAll(async () => {
  ha = await startHomeAssistantStandIn(structuredClone(SAMPLE_HOME), { token: TOKEN, lifetimeMs: 400_000 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await ha?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(name), fullPage: false });
}

describe('the first start, finished without documentation', () => {
  for (const language of ['de', 'en'] as const) {
    for (const size of ['desktop', 'phone'] as const) {
      it(`${language} at ${size} size: setup, Hue and Home Assistant from the app, a light by sentence`, async () => {
        const w = WORDS[language];
        (ha.calls as unknown[]).length = 0;
        const bridge: HueBridgeStandIn = await startHueBridge();
        const app: ServedApp = await startServedApp(
          { JARVIS_SKILLS_DIR: join(repoRoot, 'skills', 'home'), JARVIS_LAN_ADDR: '127.0.0.2:0' },
          { firstStart: true },
        );
        const lanUrl = await lanUrlOf(app);
        // The phone trusts JARVIS's own certificate, as one does once its CA is installed.
        const phoneBrowser = await launchBrowser(trustServerCertificate(app));
        const context = await browser.newContext({ viewport: SIZES[size] });
        try {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          await page.goto(app.url);
          const name = `first-start-${language}-${size}`;

          // 1. The household: its name, the language (German until changed), the time zone as detected.
          const wizard = page.getByTestId('setup-wizard');
          await wizard.waitFor();
          if (language === 'en') await wizard.getByRole('button', { name: /^en$/i }).click();
          await wizard.getByLabel(w.householdName).fill('Familie Berg');
          await shot(page, `${name}-1-household`);
          await wizard.getByRole('button', { name: w.next, exact: true }).click();

          // 2. The people: the person setting up first, then a child.
          await eventually(async () => expect(await wizard.getAttribute('data-step')).toBe('people'));
          await wizard.getByLabel(w.yourName).fill('Anna');
          await wizard.getByRole('button', { name: w.addPerson }).click();
          await wizard.getByLabel(w.personName, { exact: true }).fill('Mia');
          await wizard.getByLabel(w.kind).selectOption({ label: w.child });
          await shot(page, `${name}-2-people`);
          await wizard.getByRole('button', { name: w.next, exact: true }).click();

          // 3. The assistant: no Ollama here, so it says what works without a model.
          await eventually(async () => expect(await wizard.getAttribute('data-step')).toBe('assistant'));
          await wizard.getByText(w.noModel).waitFor();
          await shot(page, `${name}-3-assistant`);
          await wizard.getByRole('button', { name: w.next, exact: true }).click();

          // 4. Next steps: connect the lights, which opens Settings and ends the first start.
          await eventually(async () => expect(await wizard.getAttribute('data-step')).toBe('next'));
          await shot(page, `${name}-4-next`);
          await wizard.getByRole('button', { name: w.lights }).click();
          await page.getByTestId('screen-settings').waitFor();
          await wizard.waitFor({ state: 'detached' });

          const settings = await (await fetch(`${app.url}/api/settings`)).json();
          expect(settings.setup.finished).toBe(true);
          const members = (await (await fetch(`${app.url}/api/state`)).json()).members.map((m: { name: string; role: string }) => [
            m.name,
            m.role,
          ]);
          expect(members).toEqual([
            ['Anna', 'admin'],
            ['Mia', 'child'],
          ]);

          // Hue: find the bridge, see its certificate, the button is asked for, then it connects.
          const hue = page.getByTestId('connect-hue');
          await hue.getByLabel(w.hueAddress).fill(bridge.url);
          await hue.getByRole('button', { name: w.findBridge }).click();
          await eventually(async () =>
            expect((await hue.getByTestId('hue-fingerprint').textContent())?.replace(/:/g, '')).toBe(bridge.fingerprint),
          );
          await hue.getByRole('button', { name: w.connectBridge, exact: true }).click();
          await hue.getByText(w.linkButton).waitFor();
          await shot(page, `${name}-5-hue-button`);
          bridge.pressLinkButton();
          await hue.getByRole('button', { name: w.connectBridge, exact: true }).click();
          await hue.getByText(w.connected).waitFor();

          // Home Assistant: a wrong token is named, the right one connects.
          const haCard = page.getByTestId('connect-homeassistant');
          await haCard.scrollIntoViewIfNeeded();
          await haCard.getByLabel(w.haAddress).fill(ha.url);
          await haCard.getByLabel(w.haToken).fill('wrong-token');
          await haCard.getByRole('button', { name: w.test }).click();
          await haCard.getByText(w.tokenRefused).waitFor();
          await haCard.getByLabel(w.haToken).fill(TOKEN);
          await haCard.getByRole('button', { name: w.test }).click();
          await haCard.getByText(w.connected).waitFor();
          await shot(page, `${name}-6-connected`);
          const page2 = await (await fetch(`${app.url}/api/settings`)).text();
          expect(page2).not.toContain(TOKEN);

          // A phone: the app shows a code under Knowledge & System, the phone enters it and is Anna's.
          const nav = page.getByRole('navigation', { name: w.sections });
          await nav.getByRole('button', { name: w.system }).click();
          await page.getByRole('button', { name: w.pairDevice }).click();
          const code = (await page.getByLabel(w.pairCode).textContent())?.trim() ?? '';
          expect(code).not.toBe('');
          const phone = await phoneBrowser.newContext({
            viewport: SIZES.phone,
            isMobile: true,
            hasTouch: true,
            locale: language === 'de' ? 'de-DE' : 'en-US',
          });
          const phonePage = await phone.newPage();
          await phonePage.goto(`${lanUrl}/pair`);
          await phonePage.locator('#code').fill(code);
          await phonePage.getByRole('button', { name: w.pairNext }).click();
          await phonePage.getByLabel(w.deviceName).fill(language === 'de' ? 'Annas Handy' : "Anna's phone");
          await phonePage.getByRole('button', { name: w.pairConnect }).click();
          await phonePage.waitForURL((url) => url.pathname === '/');
          await phonePage.getByTestId('app-shell').waitFor({ timeout: 20_000 });
          // The person setting up is the admin: her phone opens Settings as well.
          await phonePage.getByRole('navigation', { name: w.sections }).getByRole('button', { name: w.settingsNav }).click();
          await phonePage.getByTestId('settings-backups').getByRole('heading', { name: w.backupsTitle }).waitFor();
          await shot(phonePage, `${name}-6b-phone-settings`);
          await phone.close();
          await nav.getByRole('button', { name: 'Home', exact: true }).click();

          // A light by sentence, through the home skill that now has the bridge's key.
          if (size === 'phone') await page.getByRole('button', { name: w.openChat }).click();
          await page.getByLabel(w.message).fill(w.sentence);
          await page.getByRole('button', { name: w.send }).click();
          await page.getByTestId('assistant').getByText(w.reply).waitFor({ timeout: 20_000 });
          // Both know a living room; whichever the assistant chose switched a real (stand-in) light.
          const hueSwitched = bridge.requests.some((r) => r.method === 'PUT' && r.path.startsWith('/clip/v2/resource/grouped_light/'));
          const haSwitched = ha.calls.some((c) => c.domain === 'light' && c.service === 'turn_on');
          expect(hueSwitched || haSwitched).toBe(true);
          await shot(page, `${name}-7-light`);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
          await phoneBrowser.close();
          await app.stop();
          await bridge.close();
        }
      }, 180_000);
    }
  }
});
