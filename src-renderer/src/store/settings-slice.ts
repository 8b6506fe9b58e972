import type { StateCreator } from 'zustand';
import type {
  BackupMade,
  BackupsView,
  CertificateResponse,
  ConnectionResult,
  ProxmoxConnectRequest,
  ProxmoxConnectResult,
  UnifiConnectRequest,
  UnifiConnectResult,
  HomeAssistantConnectRequest,
  HueCertificateResponse,
  HuePairRequest,
  ModelChoices,
  NtfyConnectRequest,
  SecretName,
  SettingsResponse,
  SettingsUpdate,
  SetupStep,
  SetupStepState,
  RestoreOutcome,
  VoiceSetupState,
} from '../../../src-shared';
import { ApiError, request } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

/** What a form shows after the master refused: the field it named and the words for it. */
export interface SettingsRefusal {
  readonly path?: string;
  readonly message: string;
}

export interface SettingsSlice {
  settings: Resource<SettingsResponse>;
  /**
   * false where this device may not change settings (a paired phone): the Settings screen
   * and the first start are not offered there. undefined until the first answer.
   */
  settingsAllowed?: boolean;
  models: Resource<ModelChoices>;
  /** The first start was put away for this session ("Später"); it comes back on the next start. */
  setupDismissed: boolean;
  /** Shown once after a rotation, gone when the screen is left. */
  meshToken?: string;
  loadSettings(): Promise<void>;
  loadModels(): Promise<void>;
  /** Resolves to the refusal (nothing changed) or undefined when saved. */
  updateSettings(changes: SettingsUpdate): Promise<SettingsRefusal | undefined>;
  setSecret(name: SecretName, value: string): Promise<SettingsRefusal | undefined>;
  clearSecret(name: SecretName): Promise<void>;
  setSetupStep(step: SetupStep, state: SetupStepState): Promise<void>;
  dismissSetup(dismissed: boolean): void;
  rotateMeshToken(): Promise<void>;
  forgetMeshToken(): void;
  hueCertificate(url: string): Promise<HueCertificateResponse>;
  connectHue(req: HuePairRequest): Promise<ConnectionResult>;
  connectHomeAssistant(req: HomeAssistantConnectRequest): Promise<ConnectionResult>;
  connectNtfy(req: NtfyConnectRequest): Promise<ConnectionResult>;
  /** What certificate an https address presents (for pinning a self-signed one). */
  certificate(url: string): Promise<CertificateResponse>;
  connectUnifi(req: UnifiConnectRequest): Promise<UnifiConnectResult>;
  connectProxmox(req: ProxmoxConnectRequest): Promise<ProxmoxConnectResult>;
  backups: Resource<BackupsView>;
  /** True while "back up now" runs. */
  backingUp: boolean;
  loadBackups(): Promise<void>;
  /** Resolves to the backup made, or the refusal in words. */
  backupNow(): Promise<BackupMade | SettingsRefusal>;
  /** The backup being restored: JARVIS stops, restores and starts again meanwhile. */
  restoring?: string;
  /**
   * Restores one backup of the folder and waits until JARVIS is back; resolves to how it
   * went, or to the refusal (nothing changed; `code` FOREIGN_BACKUP asks for a second yes).
   */
  restoreBackup(name: string, confirmForeign: boolean): Promise<RestoreOutcome | (SettingsRefusal & { code: string })>;
  /** "Set up voice": running, or what came of it (undefined before the first run). */
  voiceSetup?: VoiceSetupState;
  startVoiceSetup(): Promise<void>;
  voiceSetupEvent(state: VoiceSetupState): void;
}

/** How long the screen waits for JARVIS to come back after a restore. */
const RESTORE_WAIT_MS = 120_000;

function refusalOf(e: unknown): SettingsRefusal {
  return { ...(e instanceof ApiError && e.path ? { path: e.path } : {}), message: messageOf(e) };
}

/** A connection attempt the master could not even answer is "unreachable" like any other. */
async function attempt<R extends ConnectionResult>(call: () => Promise<R>): Promise<R | ConnectionResult> {
  try {
    return await call();
  } catch (e) {
    return { ok: false, problem: e instanceof ApiError && e.status === 400 ? 'bad_address' : 'unreachable' };
  }
}

export const createSettingsSlice: StateCreator<Store, [], [], SettingsSlice> = (set, get) => ({
  settings: idle(),
  models: idle(),
  backups: idle(),
  backingUp: false,
  setupDismissed: false,
  async loadSettings() {
    set({ settings: loading(get().settings) });
    try {
      set({ settings: { status: 'ready', data: await request('GET /api/settings') }, settingsAllowed: true });
    } catch (e) {
      const refused = e instanceof ApiError && (e.status === 403 || e.status === 404);
      set({ settings: failed(get().settings, e), ...(refused ? { settingsAllowed: false } : {}) });
    }
  },
  async loadModels() {
    set({ models: loading(get().models) });
    try {
      set({ models: { status: 'ready', data: await request('GET /api/settings/models') } });
    } catch (e) {
      set({ models: failed(get().models, e) });
    }
  },
  async updateSettings(changes) {
    try {
      set({ settings: { status: 'ready', data: await request('PATCH /api/settings', { body: changes }) } });
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  },
  async setSecret(name, value) {
    try {
      set({
        settings: { status: 'ready', data: await request('PUT /api/settings/secrets/{name}', { params: { name }, body: { value } }) },
      });
      return undefined;
    } catch (e) {
      return refusalOf(e);
    }
  },
  async clearSecret(name) {
    try {
      set({ settings: { status: 'ready', data: await request('DELETE /api/settings/secrets/{name}', { params: { name } }) } });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
  },
  async setSetupStep(step, state) {
    try {
      set({ settings: { status: 'ready', data: await request('PUT /api/settings/setup/{step}', { params: { step }, body: { state } }) } });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
  },
  dismissSetup(dismissed) {
    set({ setupDismissed: dismissed });
  },
  async rotateMeshToken() {
    try {
      const { token } = await request('POST /api/settings/mesh-token', { body: {} });
      set({ meshToken: token });
      await get().loadSettings();
    } catch (e) {
      get().notify('error', messageOf(e));
    }
  },
  forgetMeshToken() {
    set({ meshToken: undefined });
  },
  async hueCertificate(url) {
    try {
      return await request('POST /api/settings/connections/hue/certificate', { body: { url } });
    } catch (e) {
      return { problem: e instanceof ApiError && e.status === 400 ? 'bad_address' : 'unreachable' };
    }
  },
  async connectHue(req) {
    const result = await attempt(() => request('POST /api/settings/connections/hue', { body: req }));
    if (result.ok) await get().loadSettings();
    return result;
  },
  async connectHomeAssistant(req) {
    const result = await attempt(() => request('POST /api/settings/connections/homeassistant', { body: req }));
    if (result.ok) await Promise.all([get().loadSettings(), get().loadHomeAssistant()]);
    return result;
  },
  async connectNtfy(req) {
    const result = await attempt(() => request('POST /api/settings/connections/ntfy', { body: req }));
    if (result.ok) await get().loadSettings();
    return result;
  },
  async certificate(url) {
    try {
      return await request('POST /api/settings/connections/certificate', { body: { url } });
    } catch (e) {
      return { problem: e instanceof ApiError && e.status === 400 ? 'bad_address' : 'unreachable' };
    }
  },
  async connectUnifi(req) {
    const result = await attempt(() => request('POST /api/settings/connections/unifi', { body: req }));
    if (result.ok) await get().loadSettings();
    return result;
  },
  async connectProxmox(req) {
    const result = await attempt(() => request('POST /api/settings/connections/proxmox', { body: req }));
    if (result.ok) await get().loadSettings();
    return result;
  },
  async loadBackups() {
    set({ backups: loading(get().backups) });
    try {
      set({ backups: { status: 'ready', data: await request('GET /api/settings/backups') } });
    } catch (e) {
      set({ backups: failed(get().backups, e) });
    }
  },
  async restoreBackup(name, confirmForeign) {
    set({ restoring: name });
    try {
      let id: string;
      try {
        id = (await request('POST /api/settings/backups/restore', { body: { name, ...(confirmForeign ? { confirm_foreign: true } : {}) } }))
          .id;
      } catch (e) {
        return { ...refusalOf(e), code: e instanceof ApiError ? e.code : '' };
      }
      const until = Date.now() + RESTORE_WAIT_MS;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 500));
        try {
          const view = await request('GET /api/settings/backups');
          if (view.last_restore?.id === id) {
            set({ backups: { status: 'ready', data: view } });
            await get().loadSettings();
            return view.last_restore;
          }
        } catch {
          // JARVIS is starting again.
        }
      }
      return { message: '', code: 'RESTORE_TIMEOUT' };
    } finally {
      set({ restoring: undefined });
    }
  },
  async startVoiceSetup() {
    try {
      set({ voiceSetup: await request('POST /api/settings/voice/setup', { body: {} }) });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
  },
  voiceSetupEvent(state) {
    set({ voiceSetup: state });
    if (state.state === 'done') void get().loadVoiceStatus();
  },
  async backupNow() {
    set({ backingUp: true });
    try {
      const made = await request('POST /api/settings/backups', { body: {} });
      await get().loadBackups();
      return made;
    } catch (e) {
      return refusalOf(e);
    } finally {
      set({ backingUp: false });
    }
  },
});
