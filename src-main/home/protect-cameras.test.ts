import { describe, expect, it } from 'vitest';
import { cameraView } from './protect-cameras';

describe('a Protect camera card', () => {
  const base = { id: 'cam1', name: 'Einfahrt', state: 'CONNECTED', connected: true, model: 'G4 Bullet', doorbell: false };

  it('carries the newest motion the master saw, and no ring for a camera that is no doorbell', () => {
    expect(cameraView(base, { motion: '2026-12-01T14:02:00.000Z' })).toEqual({
      ...base,
      last_motion: '2026-12-01T14:02:00.000Z',
      snapshot_path: '/api/home/protect/cameras/cam1/snapshot',
    });
  });

  it('is a doorbell by model name, or because it rang', () => {
    expect(cameraView({ ...base, model: 'G4 Doorbell Pro', doorbell: true }, undefined)).toMatchObject({ doorbell: true });
    expect(cameraView({ ...base, state: 'DISCONNECTED', connected: false }, { ring: '2026-12-01T13:15:00.000Z' })).toMatchObject({
      doorbell: true,
      connected: false,
      last_ring: '2026-12-01T13:15:00.000Z',
    });
  });

  it('says nothing it does not know: no motion field before a motion, an empty model when Protect sends none', () => {
    const view = cameraView({ id: 'a b', name: 'X', state: 'CONNECTING', connected: false }, undefined);
    expect(view).toEqual({
      id: 'a b',
      name: 'X',
      state: 'CONNECTING',
      connected: false,
      model: '',
      doorbell: false,
      snapshot_path: '/api/home/protect/cameras/a%20b/snapshot',
    });
  });
});
