import type { StateCreator } from 'zustand';
import { apiFetch, apiUpload } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

export type DocumentStatus = 'queued' | 'extracting' | 'indexing' | 'ready' | 'failed';

/** GET /api/rag/documents entry (COMMON.md, knowledge contract). */
export interface RagDocument {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly status: DocumentStatus;
  readonly error?: string;
  readonly chunks: number;
  readonly progress: number;
  readonly added_at: string;
}

export interface Upload {
  readonly key: string;
  readonly name: string;
  readonly fraction: number;
  readonly error?: string;
}

export interface KnowledgeSlice {
  documents: Resource<readonly RagDocument[]>;
  uploads: readonly Upload[];
  loadDocuments(): Promise<void>;
  uploadDocument(file: File): Promise<void>;
  deleteDocument(id: string): Promise<void>;
  /** SSE rag.progress: moves one document's bar without a refetch. */
  applyRagProgress(update: { id: string; status: DocumentStatus; progress: number }): void;
}

let uploadSeq = 0;

export const createKnowledgeSlice: StateCreator<Store, [], [], KnowledgeSlice> = (set, get) => ({
  documents: idle(),
  uploads: [],
  async loadDocuments() {
    set({ documents: loading(get().documents) });
    try {
      const res = await apiFetch<{ documents: RagDocument[] }>('/api/rag/documents');
      set({ documents: { status: 'ready', data: res.documents } });
    } catch (e) {
      set({ documents: failed(get().documents, e) });
    }
  },
  async uploadDocument(file) {
    const key = `u${uploadSeq++}`;
    const update = (change: Partial<Upload>) => set({ uploads: get().uploads.map((u) => (u.key === key ? { ...u, ...change } : u)) });
    set({ uploads: [...get().uploads, { key, name: file.name, fraction: 0 }] });
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      await apiUpload('/api/rag/documents', form, (fraction) => update({ fraction }));
      set({ uploads: get().uploads.filter((u) => u.key !== key) });
      await get().loadDocuments();
    } catch (e) {
      update({ error: messageOf(e) });
    }
  },
  async deleteDocument(id) {
    const before = get().documents;
    if (before.status === 'ready') set({ documents: { status: 'ready', data: before.data.filter((d) => d.id !== id) } });
    try {
      await apiFetch(`/api/rag/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
    } catch (e) {
      set({ documents: before });
      get().notify('error', messageOf(e));
    }
  },
  applyRagProgress(update) {
    const docs = get().documents;
    if (docs.status !== 'ready') return;
    if (!docs.data.some((d) => d.id === update.id)) {
      void get().loadDocuments();
      return;
    }
    set({ documents: { status: 'ready', data: docs.data.map((d) => (d.id === update.id ? { ...d, status: update.status, progress: update.progress } : d)) } });
    if (update.status === 'ready' || update.status === 'failed') void get().loadDocuments();
  },
});
