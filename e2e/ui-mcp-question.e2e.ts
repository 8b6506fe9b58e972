import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillsResponse, ToolResult } from '../src-shared';
import { AskingMcpServer } from '../src-main/testing/asking-mcp-server';
import { launchBrowser } from './support/browser';
import { startServedApp, type ServedApp } from './support/served-app';
import { eventually, openScreen, seriousViolations } from './support/ui';

// The built app with an MCP server (built with the official SDK) that asks the person during
// a call: the question appears on the open screen, the person answers in the browser, and
// the server receives the answer.

let peer: AskingMcpServer;
let app: ServedApp;
let browser: Browser;
let base: string;

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${app.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
}

beforeAll(async () => {
  peer = new AskingMcpServer();
  await peer.start();
  base = mkdtempSync(join(tmpdir(), 'jarvis-e2e-mcp-'));
  const config = join(base, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { restaurant: { url: peer.url } } }));
  app = await startServedApp({ JARVIS_MCP_CONFIG: config });
  browser = await launchBrowser();
  // The household activates the server, as AKTIVIEREN in Wissen & System sends it.
  const proposal = await eventually(async () => {
    const skills = ((await (await api('/api/skills')).json()) as SkillsResponse).skills;
    const id = skills.find((s) => s.id === 'mcp.restaurant' && s.activation?.status === 'proposed')?.activation?.proposal_id;
    expect(id).toBeTruthy();
    return id!;
  }, 60_000);
  const decided = await api(`/api/protocol/skill-proposals/${proposal}/decision`, {
    method: 'POST',
    body: JSON.stringify({ decision: 'accept' }),
    headers: {
      'jarvis-protocol-version': '0.1.0',
      'jarvis-actor-id': 'act_household',
      'jarvis-idempotency-key': randomUUID(),
      'jarvis-request-timestamp': new Date().toISOString(),
    },
  });
  expect(decided.status, await decided.clone().text()).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await peer?.close();
  rmSync(base, { recursive: true, force: true });
});

describe("an MCP server's question in the browser", () => {
  it('appears on the open screen, takes the answer and the server receives it', async () => {
    // Below 1280 px the assistant is a closed drawer: the question shows above the screen.
    const { page, errors } = await openScreen(browser, app, 'home', 'clean', { width: 1024, height: 800 });
    const call = api('/api/tools/mcp_restaurant_book_table', { method: 'POST', body: JSON.stringify({ arguments: {} }) });
    const card = page.locator('.mcp-questions-shell').getByRole('group', { name: 'Frage von restaurant' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Für wie viele Personen und wann?');
    expect(await seriousViolations(page)).toEqual([]);
    // A required field left empty is said, not sent.
    await card.getByRole('button', { name: 'Antworten' }).click();
    await card.getByText('Bitte ausfüllen.').first().waitFor();
    await card.getByLabel(/^Personen/).fill('4');
    await card.getByLabel(/^Uhrzeit/).selectOption('20:00');
    await card.getByRole('button', { name: 'Antworten' }).click();
    const result = (await (await call).json()) as ToolResult;
    expect(result.message).toBe('elicitation accept {"people":4,"time":"20:00","outside":false}');
    await card.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  }, 120_000);

  it('the person declines in the assistant panel, where it shows while the panel is in sight', async () => {
    // From 1280 px the assistant is a panel beside the screen.
    const { page } = await openScreen(browser, app, 'home', 'clean');
    const call = api('/api/tools/mcp_restaurant_book_table', { method: 'POST', body: JSON.stringify({ arguments: {} }) });
    const card = page.getByTestId('assistant').getByRole('group', { name: 'Frage von restaurant' });
    await card.waitFor();
    expect(await page.locator('.mcp-questions-shell').count()).toBe(0);
    await card.getByRole('button', { name: 'Nein danke' }).click();
    expect(((await (await call).json()) as ToolResult).message).toBe('elicitation decline {}');
  }, 120_000);
});
