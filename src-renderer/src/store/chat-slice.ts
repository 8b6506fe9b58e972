import type { StateCreator } from 'zustand';
import type {
  ChatRequest,
  ChatResponse,
  ExecutedToolCall,
  PendingConfirmation,
  ReplySource,
  ToolResult,
  VoiceCommandResponse,
  WorkflowPlan,
} from '../../../src-shared';
import { request, streamChat, type ChatStreamMessage } from '../api';
import { messageOf } from './resource';
import type { Store } from './index';

/** A tool call as the chat shows it: while it runs, it has no result yet. */
export type ToolCallView = Pick<ExecutedToolCall, 'tool' | 'arguments'> & { readonly result?: ToolResult };

export interface ChatMessage {
  readonly id: number;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly module?: string;
  readonly via?: 'voice';
  readonly streaming?: boolean;
  readonly error?: boolean;
  readonly toolCalls: readonly ToolCallView[];
  readonly plan?: WorkflowPlan;
  readonly pending?: PendingConfirmation;
  readonly source?: ReplySource;
}

export interface ChatSlice {
  messages: readonly ChatMessage[];
  chatBusy: boolean;
  chatOpen: boolean;
  setChatOpen(open: boolean): void;
  sendChat(message: string, module?: string): Promise<void>;
  /** A finished turn that did not go through sendChat (voice command). */
  addVoiceTurn(transcript: string, response: VoiceCommandResponse, module?: string): void;
  clearChat(): Promise<void>;
}

let nextId = 1;

type Patch = Partial<Omit<ChatMessage, 'id' | 'role'>>;

export const createChatSlice: StateCreator<Store, [], [], ChatSlice> = (set, get) => {
  const patch = (id: number, change: Patch | ((m: ChatMessage) => Patch)) =>
    set({ messages: get().messages.map((m) => (m.id === id ? { ...m, ...(typeof change === 'function' ? change(m) : change) } : m)) });

  const finish = (id: number, res: ChatResponse) =>
    patch(id, {
      text: res.reply,
      toolCalls: res.tool_calls,
      plan: res.plan,
      pending: res.pending,
      source: res.source,
      streaming: false,
      error: res.source === 'error',
    });

  /** One event of the reply's stream; `done` carries the same answer as the plain chat. */
  const apply = (id: number, event: ChatStreamMessage): void => {
    switch (event.type) {
      case 'delta':
        patch(id, (m) => ({ text: m.text + event.data.text }));
        return;
      case 'tool_call':
        patch(id, (m) => ({ toolCalls: [...m.toolCalls, { tool: event.data.tool, arguments: event.data.arguments }] }));
        return;
      case 'tool_result':
        patch(id, (m) => {
          const calls = [...m.toolCalls];
          const i = calls.map((c) => c.tool).lastIndexOf(event.data.tool);
          if (i >= 0) calls[i] = { ...calls[i]!, result: event.data.result };
          else calls.push(event.data);
          return { toolCalls: calls };
        });
        return;
      case 'plan':
        patch(id, { plan: event.data });
        return;
      case 'pending':
        patch(id, { pending: event.data });
        return;
      case 'done':
        finish(id, event.data);
        return;
      case 'error':
        throw new Error(event.data.error.message || 'Stream-Fehler');
    }
  };

  /** Streams the reply into message `id`; a stream that ends without `done` leaves the text as it is. */
  async function streamInto(id: number, body: ChatRequest): Promise<void> {
    await streamChat(body, (event) => apply(id, event));
    if (get().messages.find((m) => m.id === id)?.streaming) patch(id, { streaming: false });
  }

  return {
    messages: [],
    chatBusy: false,
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
      // The UI language is the reply's language whenever the words themselves do not show one.
      const body: ChatRequest = { message: text, ...(module ? { module } : {}), language: get().language };
      try {
        const streamed = await streamInto(reply.id, body).then(
          () => true,
          (e: unknown) => {
            // A broken stream before any text: the plain endpoint still answers.
            if (get().messages.find((m) => m.id === reply.id)?.text) throw e;
            return false;
          },
        );
        if (!streamed) finish(reply.id, await request('POST /api/agent/chat', { body }));
      } catch (e) {
        patch(reply.id, { text: messageOf(e), streaming: false, error: true });
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
        toolCalls: [...response.tool_calls],
      };
      set({ messages: [...get().messages.map((m) => (m.pending ? { ...m, pending: undefined } : m)), user, reply], chatOpen: true });
    },
    async clearChat() {
      try {
        await request('POST /api/agent/clear', { body: {} });
      } catch (e) {
        get().notify('error', messageOf(e));
      }
      set({ messages: [] });
    },
  };
};
