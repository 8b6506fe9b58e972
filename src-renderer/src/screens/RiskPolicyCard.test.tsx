import { cleanup, fireEvent, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RISK_POLICY, decideRisk, type RiskPolicy, type RiskPolicyResponse } from '../../../src-shared';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { resetStore } from '../testing/reset-store';
import { RiskPolicyCard } from './RiskPolicyCard';

const answer = (policy: RiskPolicy): RiskPolicyResponse => ({
  policy,
  tools: [
    { name: 'calendar_delete', ...decideRisk(policy, 'calendar_delete', 'disruptive') },
    { name: 'skill_hue_light_on', ...decideRisk(policy, 'skill_hue_light_on', 'reversible') },
  ],
});

beforeEach(() => resetStore());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Wissen & System: risk rules', () => {
  it('shows each class with its decision and saves a changed class as the whole policy', async () => {
    const api = fakeApi({
      'GET /api/policy/risk': () => json(answer(DEFAULT_RISK_POLICY)),
      'PUT /api/policy/risk': (body) => json(answer(body as RiskPolicy)),
    });
    render(<RiskPolicyCard />);
    const card = screen.getByTestId('card-risk-policy');
    const security = (await within(card).findByRole('combobox', { name: 'Sicherheit' })) as HTMLSelectElement;
    expect(security.value).toBe('deny');
    expect((within(card).getByRole('combobox', { name: 'Störend' }) as HTMLSelectElement).value).toBe('ask');

    fireEvent.change(security, { target: { value: 'ask' } });
    await vi.waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      classes: { ...DEFAULT_RISK_POLICY.classes, security: 'ask' },
      overrides: {},
    });
    await vi.waitFor(() => expect((within(card).getByRole('combobox', { name: 'Sicherheit' }) as HTMLSelectElement).value).toBe('ask'));
  });

  it('adds a per-action exception and shows a refusal without losing the policy', async () => {
    let refuse = false;
    const api = fakeApi({
      'GET /api/policy/risk': () => json(answer(DEFAULT_RISK_POLICY)),
      'PUT /api/policy/risk': (body) =>
        refuse ? apiError('INVALID_ARGUMENTS', 'Die Regel ist ungültig.', 400) : json(answer(body as RiskPolicy)),
    });
    render(<RiskPolicyCard />);
    const card = screen.getByTestId('card-risk-policy');
    fireEvent.change(await within(card).findByRole('combobox', { name: 'Aktion' }), { target: { value: 'calendar_delete' } });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Entscheidung für die Aktion' }), { target: { value: 'allow' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Ausnahme hinzufügen' }));
    const overrides = await within(card).findByTestId('risk-overrides');
    await vi.waitFor(() => expect(within(overrides).getByText('Kalender: Termin gelöscht')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      classes: DEFAULT_RISK_POLICY.classes,
      overrides: { calendar_delete: 'allow' },
    });

    refuse = true;
    fireEvent.change(within(card).getByRole('combobox', { name: 'Lesen' }), { target: { value: 'deny' } });
    expect(await within(card).findByText('Die Regel ist ungültig.')).toBeTruthy();
    expect((within(card).getByRole('combobox', { name: 'Lesen' }) as HTMLSelectElement).value).toBe('allow');
  });
});
