// Long lists below the fold (a busy month brings ~300 event reminders) paint their first rows
// with the screen and the rest after the first paint, a step of rows per frame in renders the
// browser may interrupt, instead of holding the screen's first paint for every row. A render
// can be interrupted, its commit cannot: hundreds of rows in one commit were a long task right
// after the first paint, so each frame adds only a step.
import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from '../boot';

/** More rows than a tall screen shows, so the first paint looks the same as the full list. */
export const FIRST_ROWS = 30;

/** How many rows each frame after the first paint adds. */
export const STEP_ROWS = 30;

/**
 * `rows` as the screen should show them; from the first paint that has rows (the screen may
 * paint before its data is in), only the first `first` of them, then `STEP_ROWS` more each
 * frame. Once the list has been whole, every render has all rows: a list that grows is never cut.
 */
export function useFirstRows<T>(rows: readonly T[], first = FIRST_ROWS): readonly T[] {
  const count = rows.length;
  // Rows shown so far; Infinity once the list has been whole.
  const [limit, setLimit] = useState(first);
  useEffect(() => {
    if (count === 0 || limit === Infinity) return;
    let mounted = true;
    afterPaint(() => {
      if (mounted) startTransition(() => setLimit(count <= limit + STEP_ROWS ? Infinity : limit + STEP_ROWS));
    });
    return () => {
      mounted = false;
    };
  }, [limit, count]);
  return count <= limit ? rows : rows.slice(0, limit);
}
