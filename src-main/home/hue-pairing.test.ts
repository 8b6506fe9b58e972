import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHueBridge, type HueBridgeStandIn } from '../testing/hue-bridge';
import { selfSignedCert } from '../testing/self-signed-cert';
import { bridgeFingerprint, pairHueBridge } from './hue-pairing';

// Pairing as Philips documents it (CLIP API v2 getting started: POST /api with devicetype and
// generateclientkey after the link button; error type 101 before it).

describe('pairing with a Hue bridge', () => {
  let bridge: HueBridgeStandIn;
  beforeAll(async () => {
    bridge = await startHueBridge();
  });
  afterAll(() => bridge.close());

  it('shows the certificate first, asks for the link button, then returns the key and the pinned fingerprint', async () => {
    expect(await bridgeFingerprint(bridge.url)).toBe(bridge.fingerprint);
    await expect(pairHueBridge(bridge.url)).rejects.toMatchObject({ code: 'LINK_BUTTON_NOT_PRESSED' });
    bridge.pressLinkButton();
    expect(await pairHueBridge(bridge.url, { expectedFingerprint: bridge.fingerprint.toUpperCase() })).toEqual({
      applicationKey: bridge.key,
      fingerprint: bridge.fingerprint,
    });
    expect(bridge.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api',
      body: { devicetype: 'jarvis#home', generateclientkey: true },
    });
  });

  it('refuses a bridge that presents another certificate than the one accepted, sending nothing', async () => {
    bridge.requests.length = 0;
    await expect(pairHueBridge(bridge.url, { expectedFingerprint: selfSignedCert('other').fingerprint })).rejects.toMatchObject({
      code: 'FINGERPRINT_MISMATCH',
    });
    expect(bridge.requests).toEqual([]);
  });

  it('refuses an address that is not one', async () => {
    await expect(pairHueBridge('bridge.local')).rejects.toMatchObject({ code: 'BAD_URL' });
  });
});
