import type { ProtectCameraView } from '../../src-shared';
import type { CameraLatest } from './protect-events';

/** A camera as the Protect skill's `cameras` action lists it. */
export interface SkillCamera {
  readonly id: string;
  readonly name: string;
  readonly state: string;
  readonly connected: boolean;
  readonly model?: string;
  readonly doorbell?: boolean;
}

/**
 * One camera card's fields: the console's own (name, connection, model) and what the master
 * saw on the event subscription (the newest motion and ring). A camera that rang is a
 * doorbell even when its model name does not say so.
 */
export function cameraView(camera: SkillCamera, latest: CameraLatest | undefined): ProtectCameraView {
  return {
    id: camera.id,
    name: camera.name,
    state: camera.state,
    connected: camera.connected,
    model: camera.model ?? '',
    doorbell: camera.doorbell === true || latest?.ring !== undefined,
    ...(latest?.motion ? { last_motion: latest.motion } : {}),
    ...(latest?.ring ? { last_ring: latest.ring } : {}),
    snapshot_path: `/api/home/protect/cameras/${encodeURIComponent(camera.id)}/snapshot`,
  };
}
