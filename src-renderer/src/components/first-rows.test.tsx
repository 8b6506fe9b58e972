import { act, render } from '../testing/library';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPaint } from '../boot';
import { FIRST_ROWS, STEP_ROWS, useFirstRows } from './first-rows';

function List({ rows }: { rows: readonly number[] }) {
  const shown = useFirstRows(rows);
  return (
    <ul>
      {shown.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
const host = document.createElement('div');
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(() => {
  host.replaceChildren();
});

describe('useFirstRows', () => {
  it('paints the first rows at once and the whole list in the render after', async () => {
    // Outside act(), as in the browser: the first commit is what the first paint shows.
    const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const root = createRoot(host);
    try {
      // The screen painted before its data: the first paint with rows is the one that is cut.
      flushSync(() => root.render(<List rows={[]} />));
      await new Promise<void>((resolve) => afterPaint(resolve));
      flushSync(() => root.render(<List rows={rows(300)} />));
      expect(host.querySelectorAll('li')).toHaveLength(FIRST_ROWS);
      await expect.poll(() => host.querySelectorAll('li').length).toBe(300);
    } finally {
      root.unmount();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });

  it('adds the rest a step of rows per frame, so no commit after the first paint holds hundreds of rows', async () => {
    const before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const root = createRoot(host);
    const counts: number[] = [];
    const seen = new MutationObserver(() => counts.push(host.querySelectorAll('li').length));
    try {
      flushSync(() => root.render(<List rows={rows(300)} />));
      seen.observe(host, { childList: true, subtree: true });
      await expect.poll(() => host.querySelectorAll('li').length).toBe(300);
      // Each commit the observer saw added at most one step.
      const steps = [FIRST_ROWS, ...counts].map((n, i, all) => n - (all[i - 1] ?? n));
      expect(Math.max(...steps)).toBeLessThanOrEqual(STEP_ROWS);
      expect(counts.length).toBeGreaterThan(1);
    } finally {
      seen.disconnect();
      root.unmount();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
    }
  });

  it('shows a short list whole from the start, and a list that grows after its first paint whole', async () => {
    const { container, rerender, unmount } = render(<List rows={rows(5)} />);
    expect(container.querySelectorAll('li')).toHaveLength(5);
    // The hook's own wait was scheduled first, so it is over when this one is.
    await act(() => new Promise<void>((resolve) => afterPaint(resolve)));
    rerender(<List rows={rows(200)} />);
    expect(container.querySelectorAll('li')).toHaveLength(200);
    unmount();
  });
});
