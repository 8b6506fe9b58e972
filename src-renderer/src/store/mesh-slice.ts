import type { StateCreator } from 'zustand';
import type { DockerServiceAction, DockerSkillService, MeshWorkerView } from '../../../src-shared';
import { request } from '../api';
import { failed, idle, loading, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export interface MeshSlice {
  workers: Resource<readonly MeshWorkerView[]>;
  containers: Resource<readonly DockerSkillService[]>;
  /** Detail when the Docker controller is switched off (the list answers with a reason). */
  containersNote?: string;
  busyIds: readonly string[];
  loadWorkers(): Promise<void>;
  loadContainers(): Promise<void>;
  reloadWorker(id: string): Promise<void>;
  containerAction(id: string, action: DockerServiceAction): Promise<void>;
}

export const createMeshSlice: StateCreator<Store, [], [], MeshSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
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
    loadWorkers: () => loadResource('workers', async () => (await request('GET /api/mesh/workers')).workers),
    async loadContainers() {
      set({ containers: loading(get().containers) });
      try {
        const body = await request('GET /api/docker/skill-services');
        set({ containers: { status: 'ready', data: body.services }, containersNote: body.reason });
      } catch (e) {
        set({ containers: failed(get().containers, e) });
      }
    },
    reloadWorker(id) {
      return busy(id, async () => {
        await request('POST /api/mesh/workers/{id}/reload', { params: { id }, body: {} });
        await get().loadWorkers();
      });
    },
    containerAction(id, action) {
      return busy(id, async () => {
        await request('POST /api/docker/skill-services/{id}/{action}', { params: { id, action }, body: {} });
        await get().loadContainers();
      });
    },
  };
};
