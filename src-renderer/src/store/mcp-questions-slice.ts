import type { StateCreator } from 'zustand';
import type { McpQuestion, McpQuestionAnswer } from '../../../src-shared';
import { request } from '../api';
import { messageOf } from './resource';
import type { Store } from './index';

export interface McpQuestionsSlice {
  /** Questions MCP servers wait on during a call, oldest first. */
  mcpQuestions: readonly McpQuestion[];
  loadMcpQuestions(): Promise<void>;
  mcpQuestionAsked(question: McpQuestion): void;
  mcpQuestionClosed(id: string): void;
  /** Sends the person's answer; the question goes once the server has it. */
  answerMcpQuestion(id: string, answer: McpQuestionAnswer): Promise<void>;
}

export const createMcpQuestionsSlice: StateCreator<Store, [], [], McpQuestionsSlice> = (set, get) => ({
  mcpQuestions: [],
  async loadMcpQuestions() {
    try {
      set({ mcpQuestions: (await request('GET /api/mcp/questions')).questions });
    } catch {
      // The event stream brings the next question; an older one stays unseen until then.
    }
  },
  mcpQuestionAsked(question) {
    if (!get().mcpQuestions.some((q) => q.id === question.id)) set({ mcpQuestions: [...get().mcpQuestions, question] });
  },
  mcpQuestionClosed(id) {
    set({ mcpQuestions: get().mcpQuestions.filter((q) => q.id !== id) });
  },
  async answerMcpQuestion(id, answer) {
    try {
      await request('POST /api/mcp/questions/{id}', { params: { id }, body: answer });
    } catch (e) {
      get().notify('error', messageOf(e));
    }
    get().mcpQuestionClosed(id);
  },
});
