import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHueBridge, type HueBridgeStandIn } from '../../testing/hue-bridge';
import { selfSignedCert } from '../../testing/self-signed-cert';
import { captureOutput } from '../../testing/captured-output';
import { runCli } from '../program';

// `jarvis home hue pair` against the stand-in bridge (written from Philips' CLIP API v2
// documentation: POST /api with devicetype and generateclientkey after the link button).

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return captureOutput(() => runCli(argv));
}

describe('jarvis home hue pair', () => {
  let bridge: HueBridgeStandIn;
  beforeAll(async () => {
    bridge = await startHueBridge();
  });
  afterAll(() => bridge.close());

  it('shows the certificate, says to press the link button, and fails when nobody does', async () => {
    const r = await cli('home', 'hue', 'pair', bridge.url, '--wait', '0');
    expect(r.code).toBe(1);
    const shown = bridge.fingerprint.toUpperCase().match(/.{2}/g)!.join(':');
    expect(r.stdout).toContain(shown);
    expect(r.stderr).toMatch(/link button/);
  });

  it('prints the three settings once the link button was pressed', async () => {
    bridge.pressLinkButton();
    const r = await cli('home', 'hue', 'pair', `${bridge.url}/`);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `HUE_BRIDGE_URL=${bridge.url}\nHUE_APPLICATION_KEY=${bridge.key}\nHUE_CERT_FINGERPRINT=${bridge.fingerprint}\n`,
    );
  });

  it('refuses a bridge whose certificate is not the expected one', async () => {
    const r = await cli('home', 'hue', 'pair', bridge.url, '--fingerprint', selfSignedCert('other').fingerprint);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not the fingerprint you accepted/);
    expect(r.stdout).not.toContain('HUE_APPLICATION_KEY');
  });

  it('names the bridge it needs', async () => {
    const saved = process.env.HUE_BRIDGE_URL;
    delete process.env.HUE_BRIDGE_URL;
    try {
      expect((await cli('home', 'hue', 'pair')).code).toBe(2);
    } finally {
      if (saved !== undefined) process.env.HUE_BRIDGE_URL = saved;
    }
  });
});
