import { act, cleanup, fireEvent, render, screen, within } from '../../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolFailure, toolSuccess, type HomeAssistantView } from '../../../../src-shared';
import { useStore } from '../../store';
import { fakeApi, json } from '../../testing/fake-api';
import { createAudit } from '../../testing/language-audit';
import { homeFixture } from '../../testing/home-fixture';
import { resetStore } from '../../testing/reset-store';
import { HomeAssistantSection } from './HomeAssistantSection';
import { ZuhauseScreen } from './ZuhauseScreen';

const connected = (lampState: string): HomeAssistantView => ({
  connection: 'connected',
  url: 'http://homeassistant.local:8123',
  areas: [
    {
      area_id: 'wohnzimmer',
      name: 'Wohnzimmer',
      entities: [
        {
          entity_id: 'light.stehlampe',
          domain: 'light',
          name: 'Stehlampe',
          state: lampState,
          area_id: 'wohnzimmer',
          actions: [
            { service: 'turn_on', label: 'on' },
            { service: 'turn_off', label: 'off' },
          ],
          tool: 'homeassistant_light',
        },
        { entity_id: 'sensor.temp', domain: 'sensor', name: 'Temperatur', state: '21.5', unit: '°C', area_id: 'wohnzimmer', actions: [] },
      ],
    },
  ],
  unassigned: [],
});

beforeEach(() => resetStore());

/** The screen loads its sections when it opens; here the section alone, loaded the same way. */
function show(): void {
  void useStore.getState().loadHomeAssistant();
  render(<HomeAssistantSection />);
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Zuhause: Home Assistant', () => {
  it('not set up: a card with the steps to create a long-lived token', async () => {
    fakeApi({ 'GET /api/home/homeassistant': () => json<HomeAssistantView>({ connection: 'not_configured', areas: [], unassigned: [] }) });
    show();
    const card = await screen.findByTestId('homeassistant-not-set-up');
    expect(within(card).getByText(/Langlebige Zugangs-Token/)).toBeTruthy();
    expect(within(card).getByText(/dein Profil/)).toBeTruthy();
  });

  it('shows rooms with states in household words and switches a lamp with one tap', async () => {
    let lamp = 'off';
    const api = fakeApi({
      'GET /api/home/homeassistant': () => json(connected(lamp)),
      'POST /api/tools/homeassistant_light': () => {
        lamp = 'on';
        return json(toolSuccess({ entity_ids: ['light.stehlampe'] }, 'light.turn_on: Stehlampe', true));
      },
    });
    show();
    const room = await screen.findByRole('region', { name: 'Wohnzimmer' });
    expect(within(room).getByText('aus')).toBeTruthy();
    expect(within(room).getByText('21.5 °C')).toBeTruthy();
    fireEvent.click(within(room).getByRole('button', { name: 'Stehlampe: An' }));
    await vi.waitFor(() => expect(within(room).getByText('an')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/tools/homeassistant_light',
      body: { arguments: { target: 'light.stehlampe', service: 'turn_on' } },
    });
  });

  it('an admin raises one lamp to "Störend" on the entity itself; others see no such control', async () => {
    const withRisk = (set: boolean): HomeAssistantView => {
      const view = connected('off');
      const [lamp, sensor] = view.areas[0]!.entities;
      const risk = set
        ? { risk: 'disruptive' as const, risk_default: 'reversible' as const, risk_set_by_household: true }
        : { risk: 'reversible' as const, risk_default: 'reversible' as const };
      return { ...view, areas: [{ ...view.areas[0]!, entities: [{ ...lamp!, ...risk }, sensor!] }] };
    };
    let set = false;
    const api = fakeApi({
      'GET /api/home/homeassistant': () => json(withRisk(set)),
      'PUT /api/home/homeassistant/entities/light.stehlampe/risk': () => {
        set = true;
        return json(withRisk(true));
      },
    });
    useStore.setState({ home: { status: 'ready', data: homeFixture() } });
    show();
    const select = (await screen.findByRole('combobox', { name: 'Stehlampe: wie viel es stören kann' })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(within(select).getByRole('option', { name: 'Standard (Umkehrbar)' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'disruptive' } });
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    await vi.waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Stehlampe: wie viel es stören kann' }) as HTMLSelectElement).value).toBe('disruptive'),
    );
    expect(api.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/home/homeassistant/entities/light.stehlampe/risk',
      body: { risk: 'disruptive' },
    });
    // Only the lamp acts: the sensor has no risk control.
    expect(screen.getAllByRole('combobox')).toHaveLength(1);
    cleanup();
    useStore.setState({ home: { status: 'ready', data: { ...homeFixture(), viewer_role: 'adult' } } });
    show();
    await screen.findByRole('region', { name: 'Wohnzimmer' });
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a refusal (a lock the household has not allowed, a device that does not answer) shows as a notice', async () => {
    fakeApi({
      'GET /api/home/homeassistant': () => json(connected('off')),
      'POST /api/tools/homeassistant_light': () =>
        json(toolFailure('HOMEASSISTANT_REFUSED', 'Home Assistant hat light.turn_on abgelehnt: Zigbee timeout')),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Stehlampe: An' }));
    await vi.waitFor(() =>
      expect(useStore.getState().notices.map((n) => n.text)).toContain('Home Assistant hat light.turn_on abgelehnt: Zigbee timeout'),
    );
  });

  it('a lost connection says so and keeps showing the last known rooms', async () => {
    fakeApi({ 'GET /api/home/homeassistant': () => json({ ...connected('on'), connection: 'reconnecting' as const }) });
    show();
    expect(await screen.findByText(/Verbindung zu Home Assistant ist unterbrochen/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Wohnzimmer' })).toBeTruthy();
    cleanup();
    fakeApi({
      'GET /api/home/homeassistant': () =>
        json({ ...connected('on'), connection: 'reconnecting' as const, last_live_update: '2026-08-29T06:20:00Z' }),
    });
    show();
    expect((await screen.findByTestId('homeassistant-no-live-since')).textContent).toMatch(
      /^Keine Live-Updates seit .+: was hier steht, kann veraltet sein\.$/,
    );
  });

  it("is one of the Zuhause screen's sections and loads when the screen opens", async () => {
    const api = fakeApi({ 'GET /api/home/homeassistant': () => json(connected('on')) });
    render(<ZuhauseScreen />);
    const card = await screen.findByTestId('card-homeassistant');
    expect(await within(card).findByRole('region', { name: 'Wohnzimmer' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/home/homeassistant')).toBe(true);
  });

  it('a refused token shows the problem with the steps to make a new one', async () => {
    fakeApi({ 'GET /api/home/homeassistant': () => json<HomeAssistantView>({ connection: 'auth_failed', areas: [], unassigned: [] }) });
    show();
    const card = await screen.findByTestId('homeassistant-not-set-up');
    expect(within(card).getByRole('status').textContent).toContain('Zugangs-Token abgelehnt');
    expect(within(card).getByText(/Langlebige Zugangs-Token/)).toBeTruthy();
  });

  it("speaks only the household's language: no setting names, tool ids or text keys, set up or not", async () => {
    const { audit } = createAudit('de', ['Wohnzimmer', 'Stehlampe', 'Temperatur', '21.5 °C']);
    let view: HomeAssistantView = { connection: 'not_configured', areas: [], unassigned: [] };
    fakeApi({ 'GET /api/home/homeassistant': () => json(view) });
    show();
    await screen.findByTestId('homeassistant-not-set-up');
    expect(audit(document.body)).toEqual([]);
    cleanup();
    view = connected('on');
    show();
    await screen.findByRole('region', { name: 'Wohnzimmer' });
    expect(audit(document.body)).toEqual([]);
  });

  it("a lock the household's policy refuses shows its buttons disabled, with where to allow it", async () => {
    const view: HomeAssistantView = {
      connection: 'connected',
      areas: [
        {
          area_id: 'flur',
          name: 'Flur',
          entities: [
            {
              entity_id: 'lock.haustuer',
              domain: 'lock',
              name: 'Haustür',
              state: 'locked',
              area_id: 'flur',
              actions: [
                { service: 'lock', label: 'lock' },
                { service: 'unlock', label: 'unlock' },
              ],
              tool: 'homeassistant_lock',
              blocked: true,
            },
          ],
        },
      ],
      unassigned: [],
    };
    const api = fakeApi({ 'GET /api/home/homeassistant': () => json(view) });
    show();
    const room = await screen.findByRole('region', { name: 'Flur' });
    expect(within(room).getByText('abgeschlossen')).toBeTruthy();
    const unlock = within(room).getByRole('button', { name: 'Haustür: Aufschließen' }) as HTMLButtonElement;
    expect(unlock.disabled).toBe(true);
    expect(within(room).getByText(/Risiko-Regeln/)).toBeTruthy();
    // A click as the browser makes it: a disabled button takes none.
    act(() => unlock.click());
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
