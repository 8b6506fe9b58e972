import { Ajv } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { trayIconFile, type TrayStatus } from './tray-menu';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('electron-builder.yml', () => {
  it("validates against electron-builder's own JSON schema", () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'));
    // The schema is electron-builder's (draft-07, with its own annotations), not ours:
    // strict mode would reject its vocabulary, not our config.
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    const ok = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema check would catch a mistake', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'));
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ ...config, linux: { ...config.linux, target: 42 } })).toBe(false);
    expect(validate({ ...config, notAnOption: true })).toBe(false);
  });

  it('names the app and builds AppImage + deb, nsis and dmg', () => {
    expect(config.appId).toBe('home.jarvis.command');
    expect(config.productName).toBe('JARVIS Home Command');
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.desktop.entry).toMatchObject({ Name: 'JARVIS Home Command' });
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toContain('dmg');
    expect(config.mac.extendInfo.NSMicrophoneUsageDescription).toBeTruthy();
  });

  it('flips the Electron fuses: no run-as-node, NODE_OPTIONS or inspector; encrypted cookies; only the checked app.asar', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('unpacks better-sqlite3 from the asar and rebuilds it for Electron', () => {
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**');
    expect(config.asarUnpack).toContain('dist/main/fresh-database.sqlite');
    expect(config.npmRebuild).toBe(true);
    expect(pkg.dependencies['better-sqlite3']).toBeDefined();
  });

  it('ships skills, the worker bundle, the icon and the tray images as extra resources', () => {
    const to = (config.extraResources as { from: string; to: string }[]).map((r) => `${r.from} -> ${r.to}`);
    expect(to).toEqual(
      expect.arrayContaining(['skills -> skills', 'dist/worker -> workers', 'resources/tray -> tray', 'resources/icon.png -> icon.png']),
    );
  });

  it('packages the app, the one master bundle it loads, the document parsers and the UI', () => {
    expect(config.files).toEqual(
      expect.arrayContaining([
        'dist/app/**/*',
        'dist/main/master.cjs',
        'dist/main/fresh-database.sqlite',
        'dist/main/vendor/**/*',
        'dist/renderer/**/*',
      ]),
    );
    // The entries the app does not run stay out of the package.
    expect(config.files.some((f: string) => /cli|serve/.test(f))).toBe(false);
  });

  it('every file it names exists', () => {
    for (const file of [config.linux.icon, config.win.icon, config.mac.icon, config.mac.entitlements])
      expect(existsSync(join(root, file)), file).toBe(true);
    for (const status of ['idle', 'listening', 'thinking', 'error'] as TrayStatus[]) {
      const file = join(root, 'resources', 'tray', trayIconFile(status));
      expect(existsSync(file), file).toBe(true);
      expect(existsSync(file.replace(/\.png$/, '@2x.png')), file).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('keeps auto-update off unless a feed is configured', () => {
    expect(config.publish).toBeNull();
  });

  it('the package entry point is the Electron main bundle', () => {
    expect(pkg.main).toBe('dist/app/main.cjs');
  });
});
