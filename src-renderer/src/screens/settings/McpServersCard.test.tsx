import { cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpServerView } from '../../../../src-shared';
import { apiError, fakeApi, json } from '../../testing/fake-api';
import { resetStore } from '../../testing/reset-store';
import { McpServersCard } from './McpServersCard';

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FILE = '/home/familie/.jarvis/mcp.json';

const files: McpServerView = {
  name: 'dateien',
  origin: 'app',
  kind: 'stdio',
  command: 'npx',
  args: ['-y', 'files-server'],
  env_names: ['API_KEY'],
  header_names: [],
  active: true,
  state: 'connected',
  tools: 3,
};
const wiki: McpServerView = {
  name: 'wiki',
  origin: 'file',
  kind: 'http',
  url: 'https://wiki.example.org/mcp',
  env_names: [],
  header_names: ['Authorization'],
  active: false,
  state: 'waiting',
  tools: 1,
};
const broken: McpServerView = {
  name: 'kaputt',
  origin: 'app',
  kind: 'stdio',
  command: 'no-such-program',
  env_names: [],
  header_names: [],
  active: true,
  state: 'error',
  tools: 0,
  problem: 'command_not_found',
  detail: 'spawn no-such-program ENOENT',
};

function serversApi(initial: McpServerView[]) {
  let servers = [...initial];
  return fakeApi({
    'GET /api/settings/mcp': () => json({ servers, file: { path: FILE } }),
    'POST /api/settings/mcp': (body) => {
      const b = body as { name: string; kind: 'stdio'; command: string; env?: Record<string, string> };
      if (servers.some((s) => s.name === b.name))
        return apiError('MCP_NAME_TAKEN', 'A server with this name exists already.', 409, '/name');
      const view: McpServerView = {
        ...files,
        name: b.name,
        command: b.command,
        env_names: Object.keys(b.env ?? {}),
        active: false,
        state: 'waiting',
      };
      servers = [...servers, view];
      return json(view, 201);
    },
    'PUT /api/settings/mcp/dateien': () => json(files),
    'PUT /api/settings/mcp/dateien/active': (body) => {
      servers = servers.map((s) => (s.name === 'dateien' ? { ...s, active: (body as { active: boolean }).active, state: 'off' } : s));
      return json(servers[0]!);
    },
    'DELETE /api/settings/mcp/dateien': () => {
      servers = servers.filter((s) => s.name !== 'dateien');
      return new Response(null, { status: 204 });
    },
  });
}

async function card(): Promise<HTMLElement> {
  render(<McpServersCard />);
  const c = screen.getByTestId('settings-mcp');
  await within(c).findByTestId('mcp-file');
  return c;
}

describe('Settings: MCP servers', () => {
  it('lists each server with its state in words: running, waiting for activation, failed with the reason', async () => {
    serversApi([files, wiki, broken]);
    const c = await card();
    expect(within(c).getByTestId('mcp-file').textContent).toContain(FILE);
    const running = within(c).getByTestId('mcp-server-dateien');
    expect(within(running).getByTestId('mcp-state').textContent).toBe('Verbunden · 3 Werkzeuge');
    // A secret is named, never shown.
    expect(running.textContent).toContain('Geheim gespeichert: API_KEY');
    const waiting = within(c).getByTestId('mcp-server-wiki');
    expect(within(waiting).getByTestId('mcp-state').textContent).toBe('1 Werkzeug wartet darauf, eingeschaltet zu werden');
    // The file's server is changed in the file: no edit or remove here.
    expect(within(waiting).queryByRole('button', { name: 'wiki entfernen' })).toBeNull();
    expect(within(waiting).queryByRole('button', { name: 'wiki ändern' })).toBeNull();
    expect(waiting.textContent).toContain('entfernen oder ändern nur in der Datei');
    const failed = within(c).getByTestId('mcp-server-kaputt');
    expect(within(failed).getByTestId('mcp-state').textContent).toContain('Das Programm gibt es auf diesem Computer nicht');
  });

  it('says what is missing next to the field before sending, and the master’s refusal next to the field it names', async () => {
    const api = serversApi([files]);
    const c = await card();
    const form = within(c).getByTestId('mcp-add');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'mit leerzeichen' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(form).findByText('Ein Name aus Buchstaben, Ziffern, - und _ (höchstens 32 Zeichen).')).toBeTruthy();
    expect(within(form).getByText('Welches Programm startet den Server?')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'dateien' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Programm/ }), { target: { value: 'npx' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hinzufügen' }));
    const taken = await within(form).findByText('Einen MCP-Server mit diesem Namen gibt es schon – bitte einen anderen Namen wählen.');
    // Next to the name field: its label holds the error.
    expect(taken.closest('label')?.textContent).toContain('Name');
  });

  it('adds a program with a secret variable; the value leaves the form once the master took it', async () => {
    const api = serversApi([]);
    const c = await card();
    expect(within(c).getByText('Noch kein MCP-Server.')).toBeTruthy();
    const form = within(c).getByTestId('mcp-add');
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'notizen' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Programm/ }), { target: { value: 'node' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Argumente/ }), { target: { value: 'server.mjs\n--stdio\n' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Variable hinzufügen' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'NOTES_TOKEN' } });
    const value = form.querySelector<HTMLInputElement>('input[type="password"]')!;
    fireEvent.change(value, { target: { value: 'geheim-123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hinzufügen' }));
    await within(form).findByText('notizen ist hinzugefügt. Testet die Verbindung und schaltet ihn dann auf aktiv.');
    expect(api.calls.find((x) => x.method === 'POST')!.body).toEqual({
      name: 'notizen',
      kind: 'stdio',
      command: 'node',
      args: ['server.mjs', '--stdio'],
      env: { NOTES_TOKEN: 'geheim-123' },
    });
    expect(form.querySelector('input[type="password"]')).toBeNull();
    const row = await within(c).findByTestId('mcp-server-notizen');
    expect(row.textContent).toContain('Geheim gespeichert: NOTES_TOKEN');
    expect(c.textContent).not.toContain('geheim-123');
  });

  it('changes a server: a stored secret shows only as stored and is kept when left empty', async () => {
    const api = serversApi([files]);
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'dateien ändern' }));
    const form = await within(c).findByTestId('mcp-edit-dateien');
    const secret = form.querySelector<HTMLInputElement>('input[type="password"]')!;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('gespeichert – leer lassen, um es zu behalten');
    expect((within(form).getAllByRole('textbox', { name: /^Name/ })[0] as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(within(form).getByRole('textbox', { name: /^Argumente/ }), { target: { value: '-y\nfiles-server\n--read-only' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(within(c).queryByTestId('mcp-edit-dateien')).toBeNull());
    expect(api.calls.find((x) => x.method === 'PUT')!.body).toEqual({
      name: 'dateien',
      kind: 'stdio',
      command: 'npx',
      args: ['-y', 'files-server', '--read-only'],
      keep_secrets: ['API_KEY'],
    });
  });

  it('changes a web address server: the stored token stays when left empty and goes with "Token löschen"', async () => {
    const notes: McpServerView = { ...wiki, name: 'notizen', origin: 'app', header_names: ['Authorization', 'X-Api-Key'] };
    const bodies: unknown[] = [];
    fakeApi({
      'GET /api/settings/mcp': () => json({ servers: [notes], file: { path: FILE } }),
      'PUT /api/settings/mcp/notizen': (body) => (bodies.push(body), json(notes)),
    });
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'notizen ändern' }));
    let form = await within(c).findByTestId('mcp-edit-notizen');
    expect((within(form).getByRole('textbox', { name: /^Adresse/ }) as HTMLInputElement).value).toBe('https://wiki.example.org/mcp');
    expect((within(form).getByRole('textbox', { name: /^Weiterer Header/ }) as HTMLInputElement).value).toBe('X-Api-Key');
    const masked = [...form.querySelectorAll<HTMLInputElement>('input[type="password"]')];
    expect(masked.map((m) => [m.value, m.placeholder])).toEqual([
      ['', 'gespeichert – leer lassen, um es zu behalten'],
      ['', 'gespeichert – leer lassen, um es zu behalten'],
    ]);
    fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'notizen',
      kind: 'http',
      url: 'https://wiki.example.org/mcp',
      keep_secrets: ['Authorization', 'X-Api-Key'],
    });

    await vi.waitFor(() => expect(within(c).queryByTestId('mcp-edit-notizen')).toBeNull());
    fireEvent.click(within(c).getByRole('button', { name: 'notizen ändern' }));
    form = await within(c).findByTestId('mcp-edit-notizen');
    fireEvent.click(within(form).getByRole('button', { name: 'Token löschen' }));
    fireEvent.change(form.querySelectorAll<HTMLInputElement>('input[type="password"]')[1]!, { target: { value: 'neuer-schluessel' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      name: 'notizen',
      kind: 'http',
      url: 'https://wiki.example.org/mcp',
      secret_header: { name: 'X-Api-Key', value: 'neuer-schluessel' },
    });
  });

  it('removes a server only after the question; cancelling keeps it', async () => {
    const api = serversApi([files]);
    const c = await card();
    fireEvent.click(within(c).getByRole('button', { name: 'dateien entfernen' }));
    const ask = await screen.findByTestId('mcp-remove-dialog');
    expect(ask.textContent).toContain('dateien entfernen?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByTestId('mcp-remove-dialog')).toBeNull();
    expect(api.calls.some((x) => x.method === 'DELETE')).toBe(false);

    fireEvent.click(within(c).getByRole('button', { name: 'dateien entfernen' }));
    fireEvent.click(within(await screen.findByTestId('mcp-remove-dialog')).getByRole('button', { name: 'Ja, entfernen' }));
    await within(c).findByText('Noch kein MCP-Server.');
    expect(api.calls.some((x) => x.method === 'DELETE' && x.path === '/api/settings/mcp/dateien')).toBe(true);
  });

  it('switches a server off with its switch', async () => {
    const api = serversApi([files]);
    const c = await card();
    fireEvent.click(within(c).getByRole('switch', { name: 'dateien aktiv' }));
    await vi.waitFor(() => expect(within(c).getByTestId('mcp-state').textContent).toBe('Ausgeschaltet'));
    expect(api.calls.find((x) => x.method === 'PUT')!.body).toEqual({ active: false });
  });
});
