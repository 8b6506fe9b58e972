import type { ChatResponse, OllamaFunctionTool } from '../../src-shared';
import type { ChatInput, ChatSink } from './assistant';

/** What other capabilities (voice, HTTP) use of the assistant. */
export interface AssistantService {
  chat(input: ChatInput, sink?: ChatSink): Promise<ChatResponse>;
  clear(): void;
  /** The tools exactly as the next /api/chat request sends them. */
  tools(): OllamaFunctionTool[];
}
