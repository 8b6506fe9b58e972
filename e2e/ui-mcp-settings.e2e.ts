import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../src-shared';
import { launchBrowser, screenshotPath } from './support/browser';
import { repoRoot, startServedApp, type ServedApp } from './support/served-app';
import AxeBuilder from '@axe-core/playwright';

// Issue 31: the household connects an MCP server in Settings, without an environment
// variable or a restart: adds a program on this computer with a secret variable, sees it
// waiting for activation, switches it on (its tool works), and removes it after the question.

const sdk = join(repoRoot, 'node_modules', '@modelcontextprotocol', 'sdk', 'dist', 'esm');
const SECRET = 'gruss-secret-typed-in-the-browser-5t';

/** A tiny stdio MCP server made with the SDK: one tool that says whether its secret variable arrived. */
function greetingServer(): string {
  return `
import { Server } from ${JSON.stringify(join(sdk, 'server', 'index.js'))};
import { StdioServerTransport } from ${JSON.stringify(join(sdk, 'server', 'stdio.js'))};
import { CallToolRequestSchema, ListToolsRequestSchema } from ${JSON.stringify(join(sdk, 'types.js'))};
const server = new Server({ name: 'gruss', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [{ name: 'wave', description: 'Waves', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }],
}));
server.setRequestHandler(CallToolRequestSchema, () => ({
  content: [{ type: 'text', text: process.env.GREETING === ${JSON.stringify(SECRET)} ? 'waved with the greeting' : 'waved without it' }],
}));
await server.connect(new StdioServerTransport());
`;
}

let app: ServedApp;
let browser: Browser;
let base: string;
let script: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(new URL(path, app.url), { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

/** Serious accessibility problems inside the MCP card (the rest of Settings is other cards' business). */
async function cardViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: page as never })
    .include('[data-testid="settings-mcp"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Settings opened directly, as if the household had left it there. */
async function openSettings(viewport: { width: number; height: number }, language: 'de' | 'en'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.once('close', () => void context.close().catch(() => {}));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript((l) => {
    if (!localStorage.getItem('jarvis.ui'))
      localStorage.setItem('jarvis.ui', JSON.stringify({ screen: 'settings', mode: 'clean', language: l }));
  }, language);
  await page.goto(app.url);
  await page.getByTestId('screen-settings').waitFor();
  return { page, errors };
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'jarvis-e2e-mcp-settings-'));
  script = join(base, 'gruss.mjs');
  writeFileSync(script, greetingServer());
  const config = join(base, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: {} }));
  app = await startServedApp({ JARVIS_MCP_CONFIG: config, JARVIS_MCP_CALL_TIMEOUT: '10s' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  rmSync(base, { recursive: true, force: true });
});

describe('MCP servers in Settings, in the browser', () => {
  it('adds a program from Settings, sees it waiting, switches it on, and its tool works with the secret', async () => {
    const { page, errors } = await openSettings({ width: 1440, height: 900 }, 'de');
    const card = page.getByTestId('settings-mcp');
    await card.getByText('Noch kein MCP-Server.').waitFor();
    const form = card.getByTestId('mcp-add');
    await form.getByRole('textbox', { name: /^Name/ }).fill('gruss');
    await form.getByRole('textbox', { name: /^Programm/ }).fill(process.execPath);
    await form.getByRole('textbox', { name: /^Argumente/ }).fill(script);
    await form.getByRole('button', { name: 'Variable hinzufügen' }).click();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('GREETING');
    await form.locator('input[type="password"]').fill(SECRET);
    // The test starts the program and lists its tools, before anything is kept.
    await form.getByRole('button', { name: 'Verbindung testen' }).click();
    expect(await form.getByTestId('mcp-add-test').textContent()).toBe('Verbunden: 1 Werkzeug: wave');

    await form.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await form.getByText('gruss ist hinzugefügt.', { exact: false }).waitFor();
    expect(await form.locator('input[type="password"]').count()).toBe(0);
    const row = card.getByTestId('mcp-server-gruss');
    const state = row.getByTestId('mcp-state');
    // Proposed to the household: its tool waits for the switch.
    await state.getByText('1 Werkzeug wartet darauf, eingeschaltet zu werden').waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('Geheim gespeichert: GREETING');
    const tools = async () => JSON.stringify(await (await api('/api/agent/tools')).json());
    expect(await tools()).not.toContain('mcp_gruss_wave');
    await card.screenshot({ path: screenshotPath('mcp-settings-waiting-de-1440') });
    expect(await cardViolations(page)).toEqual([]);

    // The switch follows the master's answer, not the click.
    await row.getByRole('switch', { name: 'gruss aktiv' }).click();
    await state.getByText('Verbunden · 1 Werkzeug').waitFor({ timeout: 30_000 });
    expect(await tools()).toContain('mcp_gruss_wave');
    const waved = (await (
      await api('/api/tools/mcp_gruss_wave', { method: 'POST', body: JSON.stringify({ arguments: {} }) })
    ).json()) as ToolResult;
    expect(waved.message).toBe('waved with the greeting');
    expect(await page.content()).not.toContain(SECRET);
    expect(errors).toEqual([]);
    await card.screenshot({ path: screenshotPath('mcp-settings-connected-de-1440') });
  }, 120_000);

  it('on a phone, in English: shows the running server, and removes it only after the question', async () => {
    const { page, errors } = await openSettings({ width: 390, height: 844 }, 'en');
    const card = page.getByTestId('settings-mcp');
    const row = card.getByTestId('mcp-server-gruss');
    await row.getByTestId('mcp-state').getByText('Connected · 1 tool').waitFor({ timeout: 30_000 });
    await card.scrollIntoViewIfNeeded();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.screenshot({ path: screenshotPath('mcp-settings-phone-en-390') });

    await row.getByRole('button', { name: 'Change gruss' }).click();
    const edit = card.getByTestId('mcp-edit-gruss');
    expect(await edit.locator('input[type="password"]').getAttribute('placeholder')).toBe('stored – leave empty to keep');
    expect(await cardViolations(page)).toEqual([]);
    await card.screenshot({ path: screenshotPath('mcp-settings-edit-phone-en-390') });
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Remove gruss' }).click();
    const ask = page.getByTestId('mcp-remove-dialog');
    await ask.waitFor();
    await page.screenshot({ path: screenshotPath('mcp-settings-remove-phone-en-390') });
    await ask.getByRole('button', { name: 'Yes, remove' }).click();
    await card.getByText('No MCP server yet.').waitFor();
    expect(JSON.stringify(await (await api('/api/agent/tools')).json())).not.toContain('mcp_gruss_wave');
    expect(errors).toEqual([]);
  }, 120_000);
});
