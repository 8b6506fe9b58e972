import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStore } from '../testing/reset-store';
import { useStore } from './index';

beforeEach(resetStore);
afterEach(() => vi.unstubAllGlobals());

describe('voice slice', () => {
  it('says the microphone permission is missing instead of failing silently', async () => {
    vi.stubGlobal('MediaRecorder', class {});
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })) },
    });
    await useStore.getState().toggleVoice('tasks');
    expect(useStore.getState().voiceError?.code).toBe('MIC_PERMISSION');
    expect(useStore.getState().voicePhase).toBe('idle');
  });

  it('says the browser cannot record when there is no MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    await useStore.getState().toggleVoice();
    expect(useStore.getState().voiceError?.code).toBe('NO_MIC_API');
  });
});
