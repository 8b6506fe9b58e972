import type { StateCreator } from 'zustand';
import type { HomeState, QuietHours, SkillInfo } from '../../../src-shared';
import { request } from '../api';
import type { Store } from './index';

/** Where the wall display keeps the last state it showed: a restart of the tablet without the master still shows the day. */
export const WALL_STATE_KEY = 'jarvis.wall.state';

export interface WallSlice {
  /** When the wall display lost the master (ISO); null while it is connected. */
  wallOfflineSince: string | null;
  /** The viewer's quiet hours: the wall display dims in them. */
  wallQuietHours: QuietHours | null;
  /** The weather skill's words for today; null without a weather skill. */
  wallWeather: string | null;
  /** Records a lost or regained connection; the first loss keeps its time. */
  markWallConnection(online: boolean, now?: Date): void;
  /** Quiet hours and the weather: neither is needed for the first paint. */
  loadWallExtras(): Promise<void>;
  /** The last state shown, for a start without the master. */
  restoreWallState(): void;
  saveWallState(state: HomeState): void;
}

/** The tool of an enabled weather skill's first read action. */
function weatherTool(skills: readonly SkillInfo[]): string | undefined {
  for (const s of skills) {
    if (!s.enabled || !/weather/i.test(s.id)) continue;
    const action = s.actions.find((a) => !a.mutates);
    if (action) return action.tool;
  }
  return undefined;
}

export const createWallSlice: StateCreator<Store, [], [], WallSlice> = (set, get) => ({
  wallOfflineSince: null,
  wallQuietHours: null,
  wallWeather: null,
  markWallConnection(online, now = new Date()) {
    if (online) {
      if (get().wallOfflineSince !== null) set({ wallOfflineSince: null });
    } else if (get().wallOfflineSince === null) set({ wallOfflineSince: now.toISOString() });
  },
  async loadWallExtras() {
    const viewer = get().home.data?.viewer_member;
    const timezone = get().home.data?.timezone ?? '';
    const [settings, skills] = await Promise.allSettled([request('GET /api/notify/settings'), request('GET /api/skills')]);
    if (settings.status === 'fulfilled') {
      const mine = settings.value.members.find((m) => m.member_id === viewer) ?? settings.value.members[0];
      set({ wallQuietHours: mine?.quiet_hours ?? null });
    }
    const tool = skills.status === 'fulfilled' ? weatherTool(skills.value.skills) : undefined;
    if (!tool) return set({ wallWeather: null });
    try {
      // The household's place is its time zone's city: "Europe/Berlin" -> "Berlin".
      const location = timezone.split('/').pop()?.replace(/_/g, ' ') || timezone;
      const result = await request('POST /api/tools/{name}', { params: { name: tool }, body: { arguments: { location } } });
      const data = result.success ? (result.data as { summary?: unknown } | undefined) : undefined;
      set({ wallWeather: typeof data?.summary === 'string' ? data.summary : null });
    } catch {
      // No weather is no reason to bother the family: the corner stays empty.
      set({ wallWeather: null });
    }
  },
  restoreWallState() {
    if (get().home.data) return;
    try {
      const raw = globalThis.localStorage?.getItem(WALL_STATE_KEY);
      if (raw) set({ home: { status: 'ready', data: JSON.parse(raw) as HomeState } });
    } catch {
      // A broken copy is no state: the display waits for the master.
    }
  },
  saveWallState(state) {
    try {
      globalThis.localStorage?.setItem(WALL_STATE_KEY, JSON.stringify(state));
    } catch {
      // A full quota: the display still works, only a cold start without the master shows nothing.
    }
  },
});
