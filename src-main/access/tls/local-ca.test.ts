import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureTlsMaterial, RENEW_BEFORE_MS } from './local-ca';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'jarvis-tls-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('ensureTlsMaterial', () => {
  it('makes a CA and a server certificate for the names, signed by that CA, keys readable by the owner only', async () => {
    const dir = freshDir();
    const now = new Date('2030-01-01T00:00:00Z');
    const tls = await ensureTlsMaterial(dir, ['jarvis.local', '192.168.1.20'], now);
    const leaf = new X509Certificate(tls.certPem);
    const ca = new X509Certificate(tls.caPem);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(ca.ca).toBe(true);
    expect(leaf.checkHost('jarvis.local')).toBe('jarvis.local');
    expect(leaf.checkIP('192.168.1.20')).toBe('192.168.1.20');
    expect(leaf.checkHost('evil.example')).toBeUndefined();
    for (const key of ['ca.key', 'server.key']) expect(statSync(join(dir, key)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'ca.crt'), 'utf8')).toBe(tls.caPem);
  });

  it('keeps both certificates while valid, renews the server certificate before it runs out, and keeps the CA', async () => {
    const dir = freshDir();
    const now = new Date('2030-01-01T00:00:00Z');
    const first = await ensureTlsMaterial(dir, ['jarvis.local'], now);
    const again = await ensureTlsMaterial(dir, ['jarvis.local'], new Date(now.getTime() + 86_400_000));
    expect(again.certPem).toBe(first.certPem);
    const nearEnd = new Date(first.notAfter.getTime() - RENEW_BEFORE_MS + 1000);
    const renewed = await ensureTlsMaterial(dir, ['jarvis.local'], nearEnd);
    expect(renewed.certPem).not.toBe(first.certPem);
    expect(renewed.caPem).toBe(first.caPem);
    expect(renewed.notAfter.getTime()).toBeGreaterThan(first.notAfter.getTime());
  });

  it('makes a new server certificate when the names change', async () => {
    const dir = freshDir();
    const now = new Date('2030-01-01T00:00:00Z');
    const first = await ensureTlsMaterial(dir, ['jarvis.local'], now);
    const other = await ensureTlsMaterial(dir, ['jarvis.local', '10.0.0.5'], now);
    expect(other.certPem).not.toBe(first.certPem);
    expect(other.names).toEqual(['jarvis.local', '10.0.0.5']);
  });
});
