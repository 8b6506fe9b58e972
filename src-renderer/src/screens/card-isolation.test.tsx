import { cleanup, render, screen, within } from '../testing/library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../store';
import { fakeApi } from '../testing/fake-api';
import { homeFixture } from '../testing/home-fixture';
import { resetStore } from '../testing/reset-store';
import { HomeScreen } from './HomeScreen';

// The microphone button is replaced by one that throws, as a real regression once did
// (a ReferenceError in one renderer stopped every later module).
vi.mock('../components/MicButton', () => ({
  MicButton: () => {
    throw new ReferenceError('sttLabel is not defined');
  },
}));

beforeEach(() => {
  resetStore();
  fakeApi({});
  useStore.setState({ home: { status: 'ready', data: homeFixture() } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('render isolation', () => {
  it('a throwing card shows its own error and every other card keeps rendering and updating', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<HomeScreen />);
    // The greeting and the tasks card hold a microphone button; both fail on their own.
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([expect.stringContaining('Guten Morgen'), expect.stringContaining('Heute fällig')]);
    expect(alerts[0]!.textContent).toContain('sttLabel is not defined');
    expect(within(screen.getByTestId('card-next-event')).getByText('Zahnarzt')).toBeTruthy();
    expect(within(screen.getByTestId('card-meals-today')).getByText('Spaghetti Bolognese')).toBeTruthy();
    // Live updates still reach the healthy cards.
    const next = homeFixture();
    useStore.setState({ home: { status: 'ready', data: { ...next, meals: [{ ...next.meals[0]!, title: 'Linsensuppe' }] } } });
    return screen.findByText('Linsensuppe');
  });
});
