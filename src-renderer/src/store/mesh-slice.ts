import type { StateCreator } from 'zustand';
import { apiFetch } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

/** GET /api/mesh/workers entry (DESIGN.md, mesh). Fields beyond id/name are optional by design. */
export interface WorkerView {
  readonly id: string;
  readonly name: string;
  readonly runtime?: string;
  readonly endpoint?: string;
  readonly version?: string;
  readonly status?: string;
  readonly lease_expires_at?: string;
  readonly last_heartbeat_at?: string;
  readonly skills?: readonly (string | { id: string })[];
}

/** GET /api/docker/skill-services entry: a labelled container. */
export interface ContainerView {
  readonly id: string;
  readonly name: string;
  readonly image?: string;
  readonly state?: string;
  readonly status?: string;
  readonly runtime?: string;
  readonly worker_name?: string;
  readonly labels?: Readonly<Record<string, string>>;
}

export type ContainerAction = 'start' | 'stop' | 'restart';

export interface MeshSlice {
  workers: Resource<readonly WorkerView[]>;
  containers: Resource<readonly ContainerView[]>;
  /** Detail when the Docker controller is switched off (the list answers with a reason). */
  containersNote?: string;
  busyIds: readonly string[];
  loadWorkers(): Promise<void>;
  loadContainers(): Promise<void>;
  reloadWorker(id: string): Promise<void>;
  containerAction(id: string, action: ContainerAction): Promise<void>;
}

function listOf<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  const v = (body as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(v) ? (v as T[]) : [];
}

export const createMeshSlice: StateCreator<Store, [], [], MeshSlice> = (set, get) => {
  const busy = async (id: string, work: () => Promise<void>) => {
    set({ busyIds: [...get().busyIds, id] });
    try {
      await work();
    } catch (e) {
      get().notify('error', messageOf(e));
    } finally {
      set({ busyIds: get().busyIds.filter((b) => b !== id) });
    }
  };
  return {
    workers: idle(),
    containers: idle(),
    busyIds: [],
    async loadWorkers() {
      set({ workers: loading(get().workers) });
      try {
        set({ workers: { status: 'ready', data: listOf<WorkerView>(await apiFetch('/api/mesh/workers'), 'workers') } });
      } catch (e) {
        set({ workers: failed(get().workers, e) });
      }
    },
    async loadContainers() {
      set({ containers: loading(get().containers) });
      try {
        const body = await apiFetch<Record<string, unknown>>('/api/docker/skill-services');
        const note = typeof body?.detail === 'string' ? body.detail : typeof body?.reason === 'string' ? body.reason : undefined;
        set({ containers: { status: 'ready', data: listOf<ContainerView>(body, 'services') }, containersNote: note });
      } catch (e) {
        set({ containers: failed(get().containers, e) });
      }
    },
    reloadWorker(id) {
      return busy(id, async () => {
        await apiFetch(`/api/mesh/workers/${encodeURIComponent(id)}/reload`, { method: 'POST', body: {} });
        await get().loadWorkers();
      });
    },
    containerAction(id, action) {
      return busy(id, async () => {
        await apiFetch(`/api/docker/skill-services/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} });
        await get().loadContainers();
      });
    },
  };
};
