import { cleanup, fireEvent, render, screen, waitFor, within } from '../testing/library';
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

describe('Wissen & System: a second computer for a skill', () => {
  it('asks in plain words whether another computer may run an active skill, and sends the answer to its proposal', async () => {
    const decided: string[] = [];
    fakeApi({
      'GET /api/skills': () =>
        json({
          skills: [
            skillFixture({
              id: 'mesh.weather',
              name: 'Wetter',
              provider: 'remote',
              enabled: true,
              activation: { proposal_id: 'skp_1', status: 'activated' },
              replicas: [
                { worker: 'keller', endpoint: 'http://10.0.0.2:8090', status: 'allowed', proposal_id: 'skp_2' },
                { worker: 'dachboden', endpoint: 'http://10.0.0.3:8090', status: 'proposed', proposal_id: 'skp_3' },
                { worker: 'garage', endpoint: 'http://10.0.0.4:8090', status: 'refused', proposal_id: 'skp_4' },
              ],
            }),
          ],
          errors: [],
        }),
      'POST /api/protocol/skill-proposals/skp_3/decision': () => {
        decided.push('skp_3');
        return json({
          proposal_id: 'skp_3',
          skill_id: 'replica:mesh.weather',
          version: '1.0.0',
          change: 'added',
          manifest_sha256: 'a'.repeat(64),
          status: 'activated',
          created_at: '2026-12-02T15:00:00Z',
        });
      },
    });
    await useStore.getState().loadSkills();
    render(<SystemScreen />);
    const row = within(screen.getByTestId('card-skills')).getByText('Wetter').closest('li') as HTMLElement;
    expect(within(row).getByText(/Ein weiterer Rechner, „dachboden“, möchte diesen Skill auch ausführen/)).toBeTruthy();
    expect(within(row).queryByText(/„keller“/)).toBeNull();
    expect(within(row).getByText('„garage“ darf diesen Skill nicht ausführen')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Erlauben: Wetter – dachboden' }));
    await waitFor(() => expect(decided).toEqual(['skp_3']));
  });
});
