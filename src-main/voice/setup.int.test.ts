// `npm run voice:setup` against a loopback file server (the internet stand-in) and against
// a closed port (no internet): every item is reported on its own.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import { tinyWhisperModel } from '../testing/tiny-whisper-model';
import { setupVoice, type VoiceDownloads } from './setup';
import { resolveVoiceTools } from './voice-tools';

const dir = mkdtempSync(join(tmpdir(), 'jarvis-voice-setup-'));
let server: Server;
let base = '';
/** A loopback port nobody listens on: what an offline machine sees. */
let closed = '';
const files = new Map<string, Buffer>();

beforeAll(async () => {
  files.set('/ggml-small.bin', tinyWhisperModel());
  files.set('/voice.onnx', Buffer.from('onnx voice bytes'));
  files.set('/voice.onnx.json', Buffer.from('{"audio":{"sample_rate":22050}}'));
  // A Piper release archive has the folder piper/ with the binary in it.
  const pkg = join(dir, 'pkg');
  mkdirSync(join(pkg, 'piper'), { recursive: true });
  writeFileSync(join(pkg, 'piper', 'piper'), '#!/bin/sh\nexit 0\n');
  chmodSync(join(pkg, 'piper', 'piper'), 0o755);
  execFileSync('tar', ['-czf', join(dir, 'piper.tgz'), '-C', pkg, 'piper']);
  files.set('/piper.tgz', readFileSync(join(dir, 'piper.tgz')));
  files.set('/not-a-model.bin', Buffer.from('<html>rate limited</html>'.repeat(10)));
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((r) => probe.close(r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const downloads = (root: string): VoiceDownloads => ({
  whisperModel: `${root}/ggml-small.bin`,
  piperVoice: `${root}/voice.onnx`,
  piperVoiceConfig: `${root}/voice.onnx.json`,
  piperArchive: `${root}/piper.tgz`,
});

describe('voice setup', { timeout: 60_000 }, () => {
  it('downloads the model, Piper and its voice into the tools folder, after which the status finds them', async () => {
    const tools = join(dir, 'tools-online');
    const config = loadConfig({ JARVIS_TOOLS_DIR: tools });
    const steps = await setupVoice(config, { downloads: downloads(base) });
    const byItem = Object.fromEntries(steps.map((s) => [s.item, s]));
    expect(byItem['whisper model']).toMatchObject({ ok: true, detail: `downloaded: ${join(tools, 'models', 'ggml-small.bin')}` });
    expect(byItem.piper).toMatchObject({ ok: true, detail: `installed: ${join(tools, 'piper', 'piper')}` });
    expect(byItem['piper voice']).toMatchObject({ ok: true });
    expect(existsSync(join(tools, 'voices', 'voice.onnx.json'))).toBe(true);
    expect(byItem.ffmpeg!.ok).toBe(true);
    const status = resolveVoiceTools(config, '/usr/bin:/bin');
    expect(status.whisperModel).toBe(join(tools, 'models', 'ggml-small.bin'));
    expect(status.ttsEngine).toBe('piper');
    expect(status.piperVoice).toBe(join(tools, 'voices', 'voice.onnx'));

    // A second run finds everything and downloads nothing.
    const again = await setupVoice(config, { downloads: downloads(closed) });
    expect(again.find((s) => s.item === 'whisper model')!.detail).toMatch(/^present: /);
    expect(again.find((s) => s.item === 'piper voice')!.detail).toMatch(/^present: /);
  });

  it('without internet, fails each item clearly and names the URL and the target path', async () => {
    const tools = join(dir, 'tools-offline');
    const steps = await setupVoice(loadConfig({ JARVIS_TOOLS_DIR: tools }), { downloads: downloads(closed), connectTimeoutMs: 5000 });
    const model = steps.find((s) => s.item === 'whisper model')!;
    expect(model.ok).toBe(false);
    expect(model.detail).toBe(
      `cannot reach ${new URL(closed).host} (ECONNREFUSED); without internet, copy the file by hand from ${closed}/ggml-small.bin to ${join(tools, 'models', 'ggml-small.bin')}`,
    );
    expect(steps.find((s) => s.item === 'piper')!.ok).toBe(false);
    expect(steps.find((s) => s.item === 'piper voice')!.ok).toBe(false);
    const cli = steps.find((s) => s.item === 'whisper-cli')!;
    expect(cli.ok).toBe(false);
    expect(cli.detail).toMatch(/whisper-cli/);
    expect(existsSync(join(tools, 'models', 'ggml-small.bin.part'))).toBe(false);
  });

  it('throws away a download that is not a whisper model (an HTML error page)', async () => {
    const tools = join(dir, 'tools-bad');
    const steps = await setupVoice(loadConfig({ JARVIS_TOOLS_DIR: tools }), {
      downloads: { ...downloads(base), whisperModel: `${base}/not-a-model.bin` },
    });
    const model = steps.find((s) => s.item === 'whisper model')!;
    expect(model.ok).toBe(false);
    expect(model.detail).toMatch(/downloaded file is unusable: .* is not a ggml whisper model/);
    expect(existsSync(join(tools, 'models', 'ggml-small.bin'))).toBe(false);
  });
});
