import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandsFreeHandlers } from '../voice/hands-free-listener';
import type { Recording } from '../voice/recorder';
import { apiError, fakeApi, json } from '../testing/fake-api';
import { voiceTurnFixture } from '../testing/wire-fixtures';
import { resetStore } from '../testing/reset-store';
import { useStore } from './index';

// The microphone side is the real listener in the browser (e2e/hands-free.e2e.ts); here a
// stand-in hands the slice segments the way the listener does.
const mic = vi.hoisted(() => ({
  handlers: undefined as HandsFreeHandlers | undefined,
  stop: vi.fn(),
  hold: vi.fn(),
  refuse: undefined as Error | undefined,
}));
vi.mock('../voice/hands-free-listener', () => ({
  startHandsFreeListener: vi.fn(async (handlers: HandsFreeHandlers) => {
    if (mic.refuse) throw mic.refuse;
    mic.handlers = handlers;
    return { stop: mic.stop, hold: mic.hold };
  }),
}));

const segment = (): Recording => ({
  blob: new Blob(['opus'], { type: 'audio/webm' }),
  mime: 'audio/webm;codecs=opus',
  captureMs: 2100,
  reason: 'end',
});
const turn = voiceTurnFixture();

/** The form fields the last POST /api/voice/command carried. */
function fields(api: ReturnType<typeof fakeApi>): Record<string, string> {
  const form = api.calls.filter((c) => c.path === '/api/voice/command').at(-1)!.body as FormData;
  return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

/** Hands a segment to the slice and waits until the master's answer has been handled. */
async function speak(api: ReturnType<typeof fakeApi>): Promise<void> {
  const before = api.calls.length;
  mic.handlers!.onSegment(segment());
  await vi.waitFor(() => expect(api.calls.length).toBe(before + 1));
  await vi.waitFor(() => expect(useStore.getState().handsFreePending).toBe(0));
}

beforeEach(() => {
  resetStore();
  mic.handlers = undefined;
  mic.refuse = undefined;
  mic.stop.mockClear();
  mic.hold.mockClear();
});
afterEach(async () => {
  if (useStore.getState().handsFree !== 'off') await useStore.getState().toggleHandsFree();
  vi.unstubAllGlobals();
});

describe('hands-free slice', () => {
  it('sends each segment with hands_free=true; an ignored one changes nothing and listening goes on', async () => {
    const api = fakeApi({ 'POST /api/voice/command': () => json({ ...turn, transcript: 'und dann gehen wir', reply: '', ignored: true }) });
    await useStore.getState().toggleHandsFree();
    expect(useStore.getState().handsFree).toBe('on');
    await speak(api);
    expect(fields(api)).toEqual({ capture_ms: '2100', hands_free: 'true' });
    expect(useStore.getState().messages).toEqual([]);
    expect(useStore.getState().handsFree).toBe('on');
    expect(useStore.getState().voiceError).toBeUndefined();
  });

  it('shows a command and its reply in the chat, and does not listen while the reply plays', async () => {
    const api = fakeApi({ 'POST /api/voice/command': () => json({ ...turn, audio: { mime: 'audio/wav', base64: 'UklGRg==' } }) });
    vi.stubGlobal(
      'Audio',
      class {
        onended: (() => void) | null = null;
        onerror: (() => void) | null = null;
        play() {
          return Promise.resolve();
        }
      },
    );
    await useStore.getState().toggleHandsFree();
    await speak(api);
    const [said, answer] = useStore.getState().messages;
    expect(said).toMatchObject({ role: 'user', text: turn.transcript, via: 'voice' });
    expect(answer).toMatchObject({ role: 'assistant', text: 'Milch steht auf der Liste.' });
    expect(mic.hold).toHaveBeenCalledTimes(1);
  });

  it('a segment that was only noise (NO_SPEECH) is dropped silently', async () => {
    const api = fakeApi({ 'POST /api/voice/command': () => apiError('NO_SPEECH', 'No speech detected', 422) });
    await useStore.getState().toggleHandsFree();
    await speak(api);
    expect(useStore.getState().handsFree).toBe('on');
    expect(useStore.getState().voiceError).toBeUndefined();
  });

  it('stops listening and says why when the master refuses (hands-free switched off there)', async () => {
    const api = fakeApi({ 'POST /api/voice/command': () => apiError('HANDS_FREE_OFF', 'Hands-free mode is off', 409) });
    await useStore.getState().toggleHandsFree();
    await speak(api);
    expect(useStore.getState().handsFree).toBe('off');
    expect(mic.stop).toHaveBeenCalled();
    expect(useStore.getState().voiceError?.code).toBe('HANDS_FREE_OFF');
  });

  it('a denied microphone is the usual MIC_PERMISSION message, and listening stays off', async () => {
    const { RecorderError } = await import('../voice/recorder-error');
    mic.refuse = new RecorderError('MIC_PERMISSION', 'Kein Zugriff auf das Mikrofon');
    await useStore.getState().toggleHandsFree();
    expect(useStore.getState().handsFree).toBe('off');
    expect(useStore.getState().voiceError?.code).toBe('MIC_PERMISSION');
  });

  it('a microphone that fails while listening stops it with its message', async () => {
    const { RecorderError } = await import('../voice/recorder-error');
    await useStore.getState().toggleHandsFree();
    mic.handlers!.onError(new RecorderError('NO_MIC', 'Mikrofon getrennt'));
    expect(useStore.getState().handsFree).toBe('off');
    expect(useStore.getState().voiceError?.code).toBe('NO_MIC');
  });

  it('the second toggle stops listening; segments recorded before are not sent afterwards', async () => {
    const api = fakeApi({ 'POST /api/voice/command': () => json({ ...turn, ignored: true }) });
    await useStore.getState().toggleHandsFree();
    const { onSegment, onHearing } = mic.handlers!;
    onHearing(true);
    expect(useStore.getState().handsFreeHearing).toBe(true);
    await useStore.getState().toggleHandsFree();
    expect(mic.stop).toHaveBeenCalledTimes(1);
    expect(useStore.getState()).toMatchObject({ handsFree: 'off', handsFreeHearing: false });
    onSegment(segment());
    onHearing(true);
    await new Promise((r) => setTimeout(r, 10));
    expect(api.calls).toEqual([]);
    expect(useStore.getState().handsFreeHearing).toBe(false);
  });

  it('a push-to-talk turn holds hands-free listening until it is over', async () => {
    await useStore.getState().toggleHandsFree();
    vi.stubGlobal('MediaRecorder', class {});
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(Object.assign(new Error('busy'), { name: 'NotReadableError' })) },
    });
    await useStore.getState().toggleVoice();
    expect(mic.hold).toHaveBeenCalledTimes(1);
    await expect(Promise.race([mic.hold.mock.calls[0]![0], 'still held'])).resolves.toBeUndefined();
  });
});
