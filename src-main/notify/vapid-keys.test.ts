import { createECDH } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { generateVapidKeys, loadOrCreateVapidKeys, readVapidKeys } from './vapid-keys';

describe('the VAPID key pair', () => {
  it('is a P-256 pair of the lengths web-push signs with: 65-byte public point, 32-byte private scalar', () => {
    for (let i = 0; i < 50; i++) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
      expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.publicKey);
    }
  });

  it('signs a push request with web-push', () => {
    const keys = generateVapidKeys();
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const details = webpush.generateRequestDetails(
      {
        endpoint: 'https://push.example.test/send/abc',
        keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
      },
      'Zahnarzt um 10',
      { vapidDetails: { subject: 'mailto:jarvis@home.test', ...keys } },
    );
    expect(details.headers.Authorization).toMatch(new RegExp(`^vapid t=.+, k=${keys.publicKey}$`));
  });

  it('is made once beside the database and read back; reading alone makes none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-vapid-'));
    try {
      const dataFile = join(dir, 'jarvis.db');
      expect(readVapidKeys(dataFile)).toBeUndefined();
      expect(existsSync(join(dir, 'vapid-keys.json'))).toBe(false);
      const made = loadOrCreateVapidKeys(dataFile);
      expect(readVapidKeys(dataFile)).toEqual(made);
      expect(loadOrCreateVapidKeys(dataFile)).toEqual(made);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a key file that holds no pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'jarvis-vapid-'));
    try {
      writeFileSync(join(dir, 'vapid-keys.json'), '{"publicKey":"short"}');
      expect(() => readVapidKeys(join(dir, 'jarvis.db'))).toThrow(/does not hold a VAPID key pair/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
