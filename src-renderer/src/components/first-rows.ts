// Long lists below the fold (a busy month brings ~300 event reminders) paint their first rows
// with the screen and the rest right after the first paint, in a render the browser may
// interrupt, instead of holding the screen's first paint for every row.
import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from '../boot';

/** More rows than a tall screen shows, so the first paint looks the same as the full list. */
export const FIRST_ROWS = 30;

/**
 * `rows` as the screen should show them; in the first paint that has rows (the screen may
 * paint before its data is in), only the first `first` of them. Every render after that has
 * all rows: a list that grows is never cut.
 */
export function useFirstRows<T>(rows: readonly T[], first = FIRST_ROWS): readonly T[] {
  const hasRows = rows.length > 0;
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !hasRows) return;
    let mounted = true;
    afterPaint(() => {
      if (mounted) startTransition(() => setPainted(true));
    });
    return () => {
      mounted = false;
    };
  }, [painted, hasRows]);
  return painted || rows.length <= first ? rows : rows.slice(0, first);
}
