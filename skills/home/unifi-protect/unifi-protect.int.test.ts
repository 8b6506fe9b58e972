import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeviceStandIn, sendJson, type DeviceStandIn, type StandInRequest } from '../../../src-main/testing/device-stand-in';
import { selfSignedCert } from '../../../src-main/testing/self-signed-cert';
import { startTestMaster, type TestMaster } from '../../../src-main/testing/test-master';
import { deviceViewProblems, homeSkillsDir, withEnv } from '../home-skill-testing';

// A stand-in UniFi OS console written from the UniFi Protect API documentation the console
// publishes (Protect > Settings > Control Plane > Integrations, "UniFi Protect API",
// integration v1): base /proxy/protect/integration/v1, the `X-API-KEY` header, GET /cameras
// (an array of camera objects with `state` CONNECTED/DISCONNECTED, `featureFlags`), GET
// /cameras/{id}/snapshot?highQuality=… answering image/jpeg, PATCH /cameras/{id}, errors as
// {statusCode, statusName, message}. A camera's `type` is its model name ("G4 Doorbell Pro"),
// as the API document's camera schema gives it; the document has no doorbell flag.

const KEY = 'protect-key-41d0c3b2a1f9';
const BASE = '/proxy/protect/integration/v1';
// The start and end of a JPEG (SOI, APP0 "JFIF", EOI): enough for the bytes to be checked end to end.
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);

const cameras = [
  { id: '66d025b301ebc903e80003ea', modelKey: 'camera', type: 'G4 Doorbell Pro', name: 'Einfahrt', state: 'CONNECTED', isMicEnabled: true, featureFlags: { smartDetectTypes: ['person', 'vehicle'], hasMic: true } },
  { id: '66d025b301ebc903e80003eb', modelKey: 'camera', type: 'G4 Bullet', name: 'Garten', state: 'DISCONNECTED', isMicEnabled: false, featureFlags: { smartDetectTypes: [] } },
];

function protectStandIn(req: StandInRequest, res: ServerResponse) {
  const url = new URL(req.path, 'http://x');
  const p = url.pathname;
  if (req.headers['x-api-key'] !== KEY) return sendJson(res, 401, { statusCode: 401, statusName: 'UNAUTHORIZED', message: 'Unauthorized' });
  if (req.method === 'GET' && p === `${BASE}/cameras`) return sendJson(res, 200, cameras);
  const snap = /^\/proxy\/protect\/integration\/v1\/cameras\/([^/]+)\/snapshot$/.exec(p);
  if (req.method === 'GET' && snap) {
    const camera = cameras.find((c) => c.id === snap[1]);
    if (!camera) return sendJson(res, 404, { statusCode: 404, statusName: 'NOT_FOUND', message: 'Camera not found' });
    if (camera.state !== 'CONNECTED') return sendJson(res, 500, { statusCode: 500, statusName: 'INTERNAL_SERVER_ERROR', message: 'Camera is not connected' });
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length });
    return res.end(JPEG);
  }
  return sendJson(res, 404, { statusCode: 404, statusName: 'NOT_FOUND', message: `No route ${req.method} ${p}` });
}

const tool = (tm: TestMaster, name: string, args: Record<string, unknown> = {}) =>
  tm.request(`/api/tools/skill_home_unifi_protect_${name}`, { json: { arguments: args } });

describe('UniFi Protect skill against a stand-in console', () => {
  let protect: DeviceStandIn;
  let tm: TestMaster;
  let restore: () => void;

  beforeAll(async () => {
    const cert = selfSignedCert();
    protect = await startDeviceStandIn(protectStandIn, { tls: cert });
    restore = withEnv({ UNIFI_URL: protect.url, UNIFI_API_KEY: KEY, UNIFI_CERT_FINGERPRINT: cert.fingerprint, UNIFI_TIMEOUT_MS: '1500' });
    tm = await startTestMaster({ JARVIS_SKILLS_DIR: homeSkillsDir });
  });
  afterAll(async () => {
    await tm?.close();
    restore?.();
    await protect?.close();
  });

  it('lists the cameras with their state', async () => {
    const res = await tool(tm, 'cameras');
    expect(res.json).toMatchObject({ success: true, message: '2 Kamera(s), offline: Garten.' });
    expect(deviceViewProblems('home.unifi.protect', res.json.data)).toEqual([]);
    expect(res.json.data.cameras).toEqual([
      { id: cameras[0]!.id, name: 'Einfahrt', state: 'CONNECTED', connected: true, mic_enabled: true, model: 'G4 Doorbell Pro', doorbell: true, smart_detect_types: ['person', 'vehicle'] },
      { id: cameras[1]!.id, name: 'Garten', state: 'DISCONNECTED', connected: false, mic_enabled: false, model: 'G4 Bullet', doorbell: false, smart_detect_types: [] },
    ]);
  });

  it('fetches a current snapshot by camera name: the image bytes and the JARVIS path that shows it', async () => {
    const res = await tool(tm, 'snapshot', { camera: 'einfahrt' });
    expect(res.json.data).toMatchObject({
      image_path: `/api/home/protect/cameras/${cameras[0]!.id}/snapshot`,
      camera: { id: cameras[0]!.id, name: 'Einfahrt' },
      content_type: 'image/jpeg',
      bytes: JPEG.length,
    });
    expect(Buffer.from(res.json.data.image_base64, 'base64').equals(JPEG)).toBe(true);
    expect(protect.requests.at(-1)!.path).toBe(`${BASE}/cameras/${cameras[0]!.id}/snapshot?highQuality=false`);
    expect((await tool(tm, 'snapshot', { camera: 'Garten' })).json).toMatchObject({ success: false, error: { code: 'UPSTREAM_ERROR' } });
  });

  it('a privacy change is security: refused for everyone by default, and nothing reaches the console', async () => {
    protect.requests.length = 0;
    expect(tm.master.platform.registry.riskOf('skill_home_unifi_protect_set_microphone')).toMatchObject({ risk: 'security', decision: 'deny' });
    const res = await tool(tm, 'set_microphone', { camera: 'Einfahrt', enabled: false });
    expect(res.json).toMatchObject({ success: false, error: { code: 'POLICY_DENIED' } });
    expect(protect.requests).toEqual([]);
  });

  it('a wrong API key is refused without repeating it', async () => {
    const undo = withEnv({ UNIFI_API_KEY: 'not-the-key-abcdef' });
    try {
      const res = await tool(tm, 'cameras');
      expect(res.json).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(res.text).not.toContain('not-the-key-abcdef');
    } finally {
      undo();
    }
  });
});
