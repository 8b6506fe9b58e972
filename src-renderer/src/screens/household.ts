import type { HomeState } from '../../../src-shared';
import { wallClock } from '../format/household-time';
import { useStore } from '../store';

export interface Household {
  readonly state: HomeState;
  readonly timezone: string;
  /** The household's today, "YYYY-MM-DD". */
  readonly today: string;
  readonly nowTime: string;
}

/** The loaded home state with its time zone and today, or undefined before the first load. */
export function useHousehold(): Household | undefined {
  const home = useStore((s) => s.home);
  if (!home.data) return undefined;
  const { date, time } = wallClock(home.data.now, home.data.timezone);
  return { state: home.data, timezone: home.data.timezone, today: date, nowTime: time };
}
