import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { OnePerFrame } from './one-per-frame';

const host = document.createElement('div');
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(() => {
  host.replaceChildren();
});

const cards = (n: number) => Array.from({ length: n }, (_, i) => <section key={i} data-card={i} />);

describe('OnePerFrame', () => {
  it('paints none of the cards with the fold, then mounts them one per frame, in order, and keeps them', async () => {
    // Outside act(), as in the browser: the first commit is what the first paint shows.
    const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const root = createRoot(host);
    const counts: number[] = [];
    const seen = new MutationObserver(() => counts.push(host.querySelectorAll('section').length));
    try {
      flushSync(() =>
        root.render(
          <main>
            <h1>fold</h1>
            <OnePerFrame>{cards(4)}</OnePerFrame>
          </main>,
        ),
      );
      expect(host.querySelector('h1')).not.toBeNull();
      expect(host.querySelectorAll('section')).toHaveLength(0);
      seen.observe(host, { childList: true, subtree: true });
      await expect.poll(() => host.querySelectorAll('section').length).toBe(4);
      // Each commit the observer saw added one card.
      expect(counts).toEqual([1, 2, 3, 4]);
      expect([...host.querySelectorAll('section')].map((s) => s.getAttribute('data-card'))).toEqual(['0', '1', '2', '3']);
      // A render after they are all in keeps them all.
      flushSync(() =>
        root.render(
          <main>
            <h1>fold again</h1>
            <OnePerFrame>{cards(4)}</OnePerFrame>
          </main>,
        ),
      );
      expect(host.querySelectorAll('section')).toHaveLength(4);
    } finally {
      seen.disconnect();
      root.unmount();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });
});
