import type { StateCreator } from 'zustand';
import type { RagDocument, RagProgressEvent, RagSearchResponse } from '../../../src-shared';
import { request, uploadForm } from '../api';
import { failed, idle, loading, messageOf, type Resource } from './resource';
import type { Store } from './index';

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
  /** The last document search (keyword search works without Ollama). */
  docSearch: Resource<RagSearchResponse>;
  searchDocuments(query: string): Promise<void>;
  /** SSE rag.progress: moves one document's bar without a refetch. */
  applyRagProgress(update: RagProgressEvent): void;
}

let uploadSeq = 0;

export const createKnowledgeSlice: StateCreator<Store, [], [], KnowledgeSlice> = (set, get) => ({
  documents: idle(),
  uploads: [],
  docSearch: idle(),
  async searchDocuments(query) {
    const q = query.trim();
    if (!q) return set({ docSearch: idle() });
    set({ docSearch: loading(get().docSearch) });
    try {
      set({ docSearch: { status: 'ready', data: await request('GET /api/rag/search', { query: { q, top_k: '8' } }) } });
    } catch (e) {
      set({ docSearch: failed(get().docSearch, e) });
    }
  },
  async loadDocuments() {
    set({ documents: loading(get().documents) });
    try {
      const res = await request('GET /api/rag/documents');
      set({ documents: { status: 'ready', data: res.documents } });
    } catch (e) {
      set({ documents: failed(get().documents, e) });
    }
  },
  async uploadDocument(file) {
    const key = `u${uploadSeq++}`;
    const update = (change: Partial<Upload>) => set({ uploads: get().uploads.map((u) => (u.key === key ? { ...u, ...change } : u)) });
    set({ uploads: [...get().uploads, { key, name: file.name, fraction: 0 }] });
    try {
      await uploadForm('POST /api/rag/documents', { file }, (fraction) => update({ fraction }));
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
      await request('DELETE /api/rag/documents/{id}', { params: { id } });
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
    set({
      documents: {
        status: 'ready',
        data: docs.data.map((d) => (d.id === update.id ? { ...d, status: update.status, progress: update.progress } : d)),
      },
    });
    if (update.status === 'ready' || update.status === 'failed') void get().loadDocuments();
  },
});
