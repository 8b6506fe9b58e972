// Whether the wall display dims: inside the household's quiet hours (the viewer's notify
// settings, which also hold back push at night), on the household's wall clock.
import type { QuietHours } from '../../../src-shared';

/** True when `time` ("HH:MM") lies in [start, end); hours whose end is before their start run past midnight. */
export function inQuietHours(time: string, hours: QuietHours | null | undefined): boolean {
  if (!hours || hours.start === hours.end) return false;
  return hours.start < hours.end ? time >= hours.start && time < hours.end : time >= hours.start || time < hours.end;
}
