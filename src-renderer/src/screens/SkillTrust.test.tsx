import { cleanup, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useStore } from '../store';
import { fakeApi, json } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { skillFixture } from '../testing/wire-fixtures';
import { SystemScreen } from './SystemScreen';

beforeEach(() => {
  resetStore();
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => cleanup());

describe('Wissen & System: skill trust', () => {
  it('says in plain words which installed skills are held back and why', async () => {
    const installed = { tier: 'user' as const, trust: 'unreviewed' as const, enabled: false };
    fakeApi({
      'GET /api/skills': () =>
        json({
          skills: [
            skillFixture({ id: 'greeter', name: 'Begrüßung', ...installed, integrity: 'modified' }),
            skillFixture({ id: 'forged', name: 'Gefälscht', ...installed, signature: { state: 'invalid', key_id: 'index', reason: 'x' } }),
            skillFixture({ id: 'stranger', name: 'Fremd', ...installed, signature: { state: 'unknown-key', key_id: 'someone' } }),
            skillFixture({
              id: 'signed',
              name: 'Signiert',
              tier: 'user',
              trust: 'indexed',
              integrity: 'verified',
              signature: { state: 'valid', key_id: 'index' },
            }),
          ],
          errors: [],
        }),
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    const row = (name: string) => within(card).getByText(name).closest('li') as HTMLElement;
    expect(within(row('Begrüßung')).getByText('Verändert seit der Installation — nicht aktiv')).toBeTruthy();
    expect(within(row('Gefälscht')).getByText('Signatur passt nicht — nicht aktiv')).toBeTruthy();
    expect(within(row('Fremd')).getByText('Von einem unbekannten Schlüssel signiert — nicht aktiv')).toBeTruthy();
    expect(within(row('Signiert')).queryByText(/nicht aktiv/)).toBeNull();
  });

  it('shows on a waiting skill whose access data it would receive', async () => {
    fakeApi({
      'GET /api/skills': () =>
        json({
          skills: [
            skillFixture({
              id: 'home.hue',
              name: 'Lampen',
              enabled: false,
              activation: { proposal_id: 'skp_1', status: 'proposed', integration_secrets: ['Philips Hue'] },
            }),
            skillFixture({ id: 'plain', name: 'Schlicht', enabled: false, activation: { proposal_id: 'skp_2', status: 'proposed' } }),
          ],
          errors: [],
        }),
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const card = screen.getByTestId('card-skills');
    const row = (name: string) => within(card).getByText(name).closest('li') as HTMLElement;
    expect(within(row('Lampen')).getByText('Bekommt die Zugangsdaten für: Philips Hue')).toBeTruthy();
    expect(within(row('Schlicht')).queryByText(/Zugangsdaten/)).toBeNull();
  });
});
