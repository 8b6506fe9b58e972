import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestMaster, type TestMaster } from '../../testing/test-master';
import { runCli } from '../program';

let t: TestMaster | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

async function pairOutput(url: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((err += String(chunk)), true));
  // The CLI reads the running master's secret file beside its database, as on the household's machine.
  vi.stubEnv('JARVIS_DATA', t?.config.dataFile ?? '');
  const code = await runCli(['pair', '--url', url]);
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  return { code, out, err };
}

describe('jarvis pair', () => {
  it('prints a code that pairs, the link to the LAN pairing page and a QR code', async () => {
    t = await startTestMaster({ JARVIS_LAN_ADDR: '127.0.0.2:0' });
    const { code, out } = await pairOutput(t.url);
    expect(code).toBe(0);
    const printed = /Code: ([A-Z2-9]{6})/.exec(out)?.[1];
    expect(printed).toBeDefined();
    const lan = (await t.request('/api/devices')).json.lan.url as string;
    expect(out).toContain(`Link: ${lan}/pair#code=${printed}`);
    // The terminal QR code is drawn with block characters.
    expect(out.split('\n').filter((l) => /[█▀▄]/.test(l)).length).toBeGreaterThan(10);
  });

  it('says so when LAN access is off or JARVIS is not running', async () => {
    t = await startTestMaster();
    const off = await pairOutput(t.url);
    expect(off.code).toBe(1);
    expect(off.err).toMatch(/LAN access is off/);
    const away = await pairOutput('http://127.0.0.1:9');
    expect(away.code).toBe(1);
    expect(away.err).toMatch(/not running at http:\/\/127\.0\.0\.1:9/);
  });
});
