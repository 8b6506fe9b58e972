import { cleanup, fireEvent, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpTokenInfo } from '../../../src-shared';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { McpTokensCard } from './McpTokensCard';

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function tokenApi() {
  let tokens: McpTokenInfo[] = [];
  const api = fakeApi({
    'GET /api/mcp/tokens': () => json({ tokens }),
    'POST /api/mcp/tokens': (body) => {
      const b = body as { name: string; member?: string };
      const info = { id: 'mtk_1', name: b.name, ...(b.member ? { member_id: b.member } : {}), created_at: '2026-12-01T10:00:00.000Z' };
      tokens = [info];
      return json({ info, token: 'jmcp_secret123' }, 201);
    },
    'DELETE /api/mcp/tokens/mtk_1': () => {
      tokens = [];
      return new Response(null, { status: 204 });
    },
  });
  return api;
}

/** The card on screen after a key for this computer was made under `name`. */
async function createdKey(name: string): Promise<HTMLElement> {
  render(<McpTokensCard />);
  const card = screen.getByTestId('card-mcp-tokens');
  await within(card).findByText('Noch kein Schlüssel.');
  fireEvent.change(within(card).getByRole('textbox', { name: 'Name des Programms' }), { target: { value: name } });
  fireEvent.click(within(card).getByRole('button', { name: 'Schlüssel erstellen' }));
  return card;
}

describe('Wissen & System: keys for MCP clients', () => {
  it('creates a key for a chosen member, shows and copies it once, lists whom it acts as', async () => {
    const api = tokenApi();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<McpTokensCard />);
    const card = screen.getByTestId('card-mcp-tokens');
    await within(card).findByText('Noch kein Schlüssel.');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Name des Programms' }), { target: { value: 'Pauls Laptop' } });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Für wen' }), { target: { value: 'mem_paul' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Schlüssel erstellen' }));
    const shown = await within(card).findByTestId('mcp-new-token');
    expect(shown.textContent).toContain('jmcp_secret123');
    expect(shown.textContent).toContain('(Paul)');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Pauls Laptop', member: 'mem_paul' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Kopieren' }));
    await within(shown).findByRole('button', { name: 'Kopiert' });
    expect(writeText).toHaveBeenCalledWith('jmcp_secret123');
    const list = await within(card).findByTestId('mcp-tokens');
    expect(list.textContent).toContain('Handelt als Paul');
    fireEvent.click(within(card).getByRole('button', { name: 'Fertig' }));
    expect(within(card).queryByText('jmcp_secret123')).toBeNull();
  });

  it("a key for nobody in particular is the computer's, with all rights, and says so", async () => {
    const api = tokenApi();
    const card = await createdKey('Claude Desktop');
    await within(card).findByTestId('mcp-new-token');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Claude Desktop' });
    expect((await within(card).findByTestId('mcp-tokens')).textContent).toContain('Handelt als Dieser Computer (alle Rechte)');
  });

  it('revokes a key only after a question; cancelling keeps it', async () => {
    const api = tokenApi();
    const card = await createdKey('Claude Desktop');
    await within(card).findByTestId('mcp-tokens');

    fireEvent.click(within(card).getByRole('button', { name: 'Schlüssel sperren: Claude Desktop' }));
    const ask = await screen.findByTestId('confirm-revoke-token');
    fireEvent.click(within(ask).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByTestId('confirm-revoke-token')).toBeNull();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Schlüssel sperren: Claude Desktop' }));
    fireEvent.click(within(await screen.findByTestId('confirm-revoke-token')).getByRole('button', { name: 'Sperren' }));
    await within(card).findByText('Noch kein Schlüssel.');
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/mcp/tokens/mtk_1')).toBe(true);
  });
});
