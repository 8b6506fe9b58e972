import { dirname, join } from 'node:path';
import type { ConnectionResult, HueCertificateResponse, ModelChoices } from '../../src-shared';
import { normalizeFingerprint } from '../../skills/home/_lib/pinned-https.mjs';
import { bridgeFingerprint, HuePairingError, pairHueBridge } from '../home';
import type { Capability, Platform } from '../platform/capability';
import type { EffectiveConfig } from '../platform/config';
import { httpAddress, testHomeAssistant, testNtfy } from './connections';
import { presentedCertificate, testProxmox, testUnifi } from './device-connections';
import { registerSettingsRoutes, type ConnectionFlows } from './routes';
import { KeyFileSealer, type SecretSealer } from './secrets';
import { SettingsService } from './service';
import { SettingsStore } from './store';

export interface SettingsCapability extends Capability {
  readonly service: SettingsService;
  /** Seals what other capabilities keep of the household's passwords (a CalDAV account's) the same way. */
  readonly sealer: SecretSealer;
}

export interface SettingsDeps {
  readonly effective: EffectiveConfig;
  /** The desktop's keychain; without one the key file beside the database is used. */
  readonly sealer?: SecretSealer;
}

/** The key file a server keeps: beside the database, never inside it or a backup. */
export function keyFileOf(dataFile: string): string {
  return join(dirname(dataFile), 'secrets.key');
}

function hueProblem(err: unknown): ConnectionResult {
  if (err instanceof HuePairingError) {
    switch (err.code) {
      case 'LINK_BUTTON_NOT_PRESSED':
        return { ok: false, problem: 'link_button' };
      case 'FINGERPRINT_MISMATCH':
        return { ok: false, problem: 'certificate_changed' };
      case 'BAD_URL':
        return { ok: false, problem: 'bad_address' };
      default:
        return { ok: false, problem: 'refused' };
    }
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ETIMEDOUT' || /did not answer/.test(String((err as Error)?.message))) return { ok: false, problem: 'timeout' };
  return { ok: false, problem: 'unreachable', ...(code ? { detail: code } : {}) };
}

/**
 * The settings the household sets in the app (over the environment, which wins), the
 * sealed secrets, the first start's steps and the connection flows. Built first: its
 * values are in the config before any other capability reads it.
 */
export function createSettings(platform: Platform, deps: SettingsDeps): SettingsCapability {
  const sealer = deps.sealer ?? new KeyFileSealer(keyFileOf(platform.config.dataFile));
  const service = new SettingsService({
    store: new SettingsStore(platform.db),
    sealer,
    effective: deps.effective,
    clock: platform.clock,
    log: platform.log,
    redact: (secret) => platform.tracer.redactor.add(secret),
  });
  const config = deps.effective.config;
  const unsubscribe = deps.effective.onChange(() => platform.events.publish('settings.changed', {}));

  const flows: ConnectionFlows = {
    async hueCertificate(url): Promise<HueCertificateResponse> {
      try {
        return { fingerprint: (await bridgeFingerprint(url)) ?? '' };
      } catch (err) {
        return { problem: hueProblem(err).problem ?? 'unreachable' };
      }
    },
    async connectHue({ url, fingerprint }) {
      let pairing;
      try {
        pairing = await pairHueBridge(url, { ...(fingerprint ? { expectedFingerprint: fingerprint } : {}), deviceType: 'jarvis#home' });
      } catch (err) {
        return hueProblem(err);
      }
      service.setSecret('hue_key', pairing.applicationKey);
      service.update({ hue_url: url.trim().replace(/\/$/, ''), hue_fingerprint: pairing.fingerprint || null });
      return { ok: true };
    },
    certificate: (url) => presentedCertificate(url),
    async connectHomeAssistant({ url, token, fingerprint }) {
      const pin = url.trim().startsWith('https:') && fingerprint?.trim() ? fingerprint.trim() : undefined;
      const result = await testHomeAssistant(url, token.trim(), pin);
      if (!result.ok) return result;
      service.setSecret('homeassistant_token', token);
      service.update({
        homeassistant_url: url.trim().replace(/\/$/, ''),
        homeassistant_fingerprint: (pin && normalizeFingerprint(pin)) ?? null,
      });
      return result;
    },
    async connectUnifi({ url, api_key, fingerprint }) {
      const pin = url.trim().startsWith('https:') && fingerprint?.trim() ? fingerprint.trim() : undefined;
      const result = await testUnifi(url, api_key.trim(), pin);
      if (!result.ok) return result;
      service.setSecret('unifi_key', api_key);
      service.update({ unifi_url: url.trim().replace(/\/$/, ''), unifi_fingerprint: (pin && normalizeFingerprint(pin)) ?? null });
      return result;
    },
    async connectProxmox({ url, token_id, token_secret, fingerprint }) {
      const pin = url.trim().startsWith('https:') && fingerprint?.trim() ? fingerprint.trim() : undefined;
      const result = await testProxmox(url, token_id.trim(), token_secret.trim(), pin);
      if (!result.ok) return result;
      service.setSecret('proxmox_token_secret', token_secret);
      service.update({
        proxmox_url: url.trim().replace(/\/$/, ''),
        proxmox_token_id: token_id.trim(),
        proxmox_fingerprint: (pin && normalizeFingerprint(pin)) ?? null,
      });
      return result;
    },
    async connectNtfy({ url, topic, token }) {
      const words = config.language === 'en' ? 'JARVIS is connected.' : 'JARVIS ist verbunden.';
      const result = await testNtfy(url, topic, token?.trim() || undefined, words);
      if (!result.ok) return result;
      if (token?.trim()) service.setSecret('ntfy_token', token);
      service.update({ ntfy_url: url.trim().replace(/\/$/, ''), ntfy_topic: topic });
      return result;
    },
    async models(): Promise<ModelChoices> {
      const base = httpAddress(config.ollamaUrl);
      if (!base) return { reachable: false, models: [] };
      try {
        const res = await fetch(new URL('/api/tags', base), { signal: AbortSignal.timeout(3000) });
        if (!res.ok) return { reachable: false, models: [] };
        const body = (await res.json()) as { models?: { name?: unknown }[] };
        const models = (body.models ?? []).map((m) => m.name).filter((n): n is string => typeof n === 'string');
        return { reachable: true, models: models.slice(0, 200) };
      } catch {
        return { reachable: false, models: [] };
      }
    },
  };

  return {
    name: 'settings',
    service,
    sealer,
    routes: (app) => registerSettingsRoutes(app, service, flows),
    stop: () => {
      unsubscribe();
    },
  };
}
