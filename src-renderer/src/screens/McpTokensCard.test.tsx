import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpTokenInfo } from '../../../src-shared';
import { fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { McpTokensCard } from './McpTokensCard';

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wissen & System: keys for MCP clients', () => {
  it('creates a key with a name, shows it once, lists it and revokes it', async () => {
    let tokens: McpTokenInfo[] = [];
    const api = fakeApi({
      'GET /api/mcp/tokens': () => json({ tokens }),
      'POST /api/mcp/tokens': (body) => {
        const info = { id: 'mtk_1', name: (body as { name: string }).name, created_at: '2026-12-01T10:00:00.000Z' };
        tokens = [info];
        return json({ info, token: 'jmcp_secret123' }, 201);
      },
      'DELETE /api/mcp/tokens/mtk_1': () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    render(<McpTokensCard />);
    const card = screen.getByTestId('card-mcp-tokens');
    await within(card).findByText('Noch kein Schlüssel.');
    fireEvent.change(within(card).getByRole('textbox', { name: 'Name des Programms' }), { target: { value: 'Claude Desktop' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Schlüssel erstellen' }));
    expect((await within(card).findByTestId('mcp-new-token')).textContent).toContain('jmcp_secret123');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Claude Desktop' });
    await within(card).findByTestId('mcp-tokens');
    fireEvent.click(within(card).getByRole('button', { name: 'Fertig' }));
    expect(within(card).queryByText('jmcp_secret123')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Schlüssel sperren: Claude Desktop' }));
    await within(card).findByText('Noch kein Schlüssel.');
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/mcp/tokens/mtk_1')).toBe(true);
  });
});
