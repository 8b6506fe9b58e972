// Cards below a screen's fold (the calendar's reminders, subscriptions, accounts and import
// cards sit under a month grid taller than the window) mount after the first paint, one per
// frame, instead of adding their render, style and layout to the commit that paints the fold.
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterPaint } from '../boot';

/**
 * `children` in order: none in the first commit, then one more after each painted frame, each
 * step a render the browser may interrupt. Once all have mounted they stay mounted.
 */
export function OnePerFrame({ children }: { children: readonly ReactNode[] }) {
  const [shown, setShown] = useState(0);
  const total = children.length;
  useEffect(() => {
    if (shown >= total) return;
    let mounted = true;
    afterPaint(() => {
      if (mounted) startTransition(() => setShown((n) => n + 1));
    });
    return () => {
      mounted = false;
    };
  }, [shown, total]);
  return <>{children.slice(0, shown)}</>;
}
