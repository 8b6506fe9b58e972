// The chore chart's writes from the UI: each is one REST route (the server's gate decides who
// may), then the chore chart reloads; a refusal is said in the household's words.
import type { ChoreFields, RouteRequest } from '../../../src-shared';
import { ApiError, request } from '../api';
import { fieldOfPath } from '../forms/field-errors';
import { messageOf } from './resource';
import type { Store } from './index';

type Api = { getState(): Store };

/** A refusal the form shows at its field ("Diesen Namen gibt es schon") instead of a notice. */
export type AtField = (refusal: { readonly field?: string; readonly message: string }) => void;

async function run(store: Api, send: () => Promise<{ success: boolean; message: string }>, atField?: AtField): Promise<boolean> {
  try {
    const result = await send();
    if (!result.success) {
      store.getState().notify('error', result.message);
      return false;
    }
    return true;
  } catch (e) {
    const field = e instanceof ApiError ? fieldOfPath(e.path) : undefined;
    if (atField && field) atField({ field, message: messageOf(e) });
    else store.getState().notify('error', messageOf(e));
    return false;
  } finally {
    await store.getState().loadHomeParts(['chores']);
  }
}

export const tickChore = (store: Api, id: string, member?: string) =>
  run(store, () => request('POST /api/chores/{id}/tick', { params: { id }, body: member ? { member } : {} }));

export const untickChore = (store: Api, tickId: string) =>
  run(store, () => request('POST /api/chores/ticks/{id}/undo', { params: { id: tickId }, body: {} }));

export const createChore = (store: Api, fields: ChoreFields & { title: string; members: string[] }, atField?: AtField) =>
  run(store, () => request('POST /api/chores', { body: fields }), atField);

export const deleteChore = (store: Api, id: string) => run(store, () => request('DELETE /api/chores/{id}', { params: { id } }));

export const rewardChores = (store: Api, body: RouteRequest<'POST /api/chores/rewards'>) =>
  run(store, () => request('POST /api/chores/rewards', { body }));
