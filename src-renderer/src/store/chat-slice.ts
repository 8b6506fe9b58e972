import type { StateCreator } from 'zustand';
import type { ToolResult } from '../../../src-shared';
import { apiFetch, isUnavailable } from '../api';
import { createSseParser } from '../live/sse-parser';
import { messageOf } from './resource';
import type { Store } from './index';

export interface ToolCallView {
  readonly tool: string;
  readonly arguments?: unknown;
  readonly result?: ToolResult;
}

export interface PlanView {
  readonly goal: string;
  readonly steps: readonly { id: string; task: string; tool: string; arguments?: unknown }[];
}

export interface PendingView {
  readonly tool: string;
  readonly arguments?: unknown;
  readonly summary: string;
  readonly expires_at?: string;
}

/** POST /api/agent/chat answer (COMMON.md, assistant contract). */
export interface ChatResponse {
  readonly reply: string;
  readonly tool_calls?: readonly ToolCallView[];
  readonly plan?: PlanView;
  readonly pending?: PendingView;
  readonly trace_id?: string;
  readonly source?: 'local-intent' | 'model' | 'pending' | 'error';
}

export interface ChatMessage {
  readonly id: number;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly module?: string;
  readonly via?: 'voice';
  readonly streaming?: boolean;
  readonly error?: boolean;
  readonly toolCalls: readonly ToolCallView[];
  readonly plan?: PlanView;
  readonly pending?: PendingView;
  readonly source?: ChatResponse['source'];
}

export interface ChatSlice {
  messages: readonly ChatMessage[];
  chatBusy: boolean;
  chatUnavailable: boolean;
  chatOpen: boolean;
  setChatOpen(open: boolean): void;
  sendChat(message: string, module?: string): Promise<void>;
  /** A finished turn that did not go through sendChat (voice command). */
  addVoiceTurn(transcript: string, response: ChatResponse, module?: string): void;
  clearChat(): Promise<void>;
}

let nextId = 1;

type Patch = Partial<Omit<ChatMessage, 'id' | 'role'>>;

export const createChatSlice: StateCreator<Store, [], [], ChatSlice> = (set, get) => {
  const patch = (id: number, change: Patch | ((m: ChatMessage) => Patch)) =>
    set({ messages: get().messages.map((m) => (m.id === id ? { ...m, ...(typeof change === 'function' ? change(m) : change) } : m)) });

  const finish = (id: number, res: ChatResponse) =>
    patch(id, { text: res.reply, toolCalls: res.tool_calls ?? [], plan: res.plan, pending: res.pending, source: res.source, streaming: false, error: res.source === 'error' });

  /** Streams the reply; resolves false when the stream endpoint does not exist. */
  async function streamInto(id: number, body: object): Promise<boolean> {
    const res = await fetch('/api/agent/chat/stream', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(body) });
    if (res.status === 404 || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) return false;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const parse = createSseParser();
    let done = false;
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      for (const ev of parse(value)) {
        const data = JSON.parse(ev.data) as Record<string, unknown>;
        if (ev.event === 'delta') patch(id, (m) => ({ text: m.text + String(data.text ?? '') }));
        else if (ev.event === 'tool_call') patch(id, (m) => ({ toolCalls: [...m.toolCalls, { tool: String(data.tool), arguments: data.arguments }] }));
        else if (ev.event === 'tool_result')
          patch(id, (m) => {
            const calls = [...m.toolCalls];
            const i = calls.map((c) => c.tool).lastIndexOf(String(data.tool));
            const entry = { tool: String(data.tool), arguments: data.arguments, result: data.result as ToolResult };
            if (i >= 0) calls[i] = { ...calls[i]!, result: entry.result };
            else calls.push(entry);
            return { toolCalls: calls };
          });
        else if (ev.event === 'plan') patch(id, { plan: data as unknown as PlanView });
        else if (ev.event === 'pending') patch(id, { pending: data as unknown as PendingView });
        else if (ev.event === 'done') {
          finish(id, data as unknown as ChatResponse);
          done = true;
        } else if (ev.event === 'error') throw new Error(String((data.error as { message?: string } | undefined)?.message ?? data.message ?? 'Stream-Fehler'));
      }
    }
    if (!done) patch(id, { streaming: false });
    return true;
  }

  return {
    messages: [],
    chatBusy: false,
    chatUnavailable: false,
    chatOpen: false,
    setChatOpen(open) {
      set({ chatOpen: open });
    },
    async sendChat(message, module) {
      const text = message.trim();
      if (!text || get().chatBusy) return;
      const user: ChatMessage = { id: nextId++, role: 'user', text, module, toolCalls: [] };
      const reply: ChatMessage = { id: nextId++, role: 'assistant', text: '', streaming: true, toolCalls: [] };
      // An answered confirmation is no longer actionable.
      const messages = get().messages.map((m) => (m.pending ? { ...m, pending: undefined } : m));
      set({ messages: [...messages, user, reply], chatBusy: true });
      const body = module ? { message: text, module } : { message: text };
      try {
        const streamed = await streamInto(reply.id, body).catch((e: unknown) => {
          // A broken stream before any text: the plain endpoint still answers.
          if (get().messages.find((m) => m.id === reply.id)?.text) throw e;
          return false;
        });
        if (!streamed) finish(reply.id, await apiFetch<ChatResponse>('/api/agent/chat', { body }));
        set({ chatUnavailable: false });
      } catch (e) {
        if (isUnavailable(e)) set({ chatUnavailable: true });
        patch(reply.id, { text: isUnavailable(e) ? 'Der Assistent ist in diesem Build nicht verfügbar.' : messageOf(e), streaming: false, error: true });
      } finally {
        set({ chatBusy: false });
      }
    },
    addVoiceTurn(transcript, response, module) {
      const user: ChatMessage = { id: nextId++, role: 'user', text: transcript, module, via: 'voice', toolCalls: [] };
      const reply: ChatMessage = {
        id: nextId++,
        role: 'assistant',
        text: response.reply,
        toolCalls: response.tool_calls ?? [],
        plan: response.plan,
        pending: response.pending,
        source: response.source,
      };
      set({ messages: [...get().messages.map((m) => (m.pending ? { ...m, pending: undefined } : m)), user, reply], chatOpen: true });
    },
    async clearChat() {
      try {
        await apiFetch('/api/agent/clear', { method: 'POST', body: {} });
      } catch (e) {
        if (!isUnavailable(e)) get().notify('error', messageOf(e));
      }
      set({ messages: [] });
    },
  };
};
