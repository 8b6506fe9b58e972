import type { StateCreator } from 'zustand';
import type { HomeAssistantEntityView, HomeAssistantView, RiskClass } from '../../../src-shared';
import { request } from '../api';
import { idle, messageOf, type Resource, resourceLoader } from './resource';
import type { Store } from './index';

export interface HomeAssistantSlice {
  homeAssistant: Resource<HomeAssistantView>;
  /** Entity ids whose quick action is on its way (their buttons wait). */
  homeAssistantBusy: readonly string[];
  loadHomeAssistant(): Promise<void>;
  /** One tap: the entity's tool with this service, as the household's own call. */
  runHomeAssistantAction(entity: HomeAssistantEntityView, service: string): Promise<void>;
  /** An admin raises or lowers one entity's risk (`null`: back to its default). */
  setHomeAssistantEntityRisk(entityId: string, risk: RiskClass | null): Promise<void>;
}

export const createHomeAssistantSlice: StateCreator<Store, [], [], HomeAssistantSlice> = (set, get) => {
  const loadResource = resourceLoader(set, get);
  return {
    homeAssistant: idle(),
    homeAssistantBusy: [],
    loadHomeAssistant: () => loadResource('homeAssistant', () => request('GET /api/home/homeassistant')),
    async runHomeAssistantAction(entity, service) {
      if (!entity.tool) return;
      set({ homeAssistantBusy: [...get().homeAssistantBusy, entity.entity_id] });
      try {
        const result = await request('POST /api/tools/{name}', {
          params: { name: entity.tool },
          body: { arguments: { target: entity.entity_id, service } },
        });
        if (!result.success) get().notify('error', result.message);
      } catch (e) {
        get().notify('error', messageOf(e));
      } finally {
        set({ homeAssistantBusy: get().homeAssistantBusy.filter((id) => id !== entity.entity_id) });
      }
      // The new state also arrives as an event; reloading here keeps the view right without one.
      await get().loadHomeAssistant();
    },
    async setHomeAssistantEntityRisk(entityId, risk) {
      try {
        const view = await request('PUT /api/home/homeassistant/entities/{id}/risk', { params: { id: entityId }, body: { risk } });
        set({ homeAssistant: { status: 'ready', data: view } });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
    },
  };
};
