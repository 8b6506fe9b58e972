import { toolFailure, type JsonSchemaObject, type ToolResult } from '../../src-shared';
import type { ProtocolRecorder } from '../protocol';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';

export const MEMORY_TOOL = 'memory_propose';

const INPUT_SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['fact'],
  properties: { fact: { type: 'string', minLength: 3, maxLength: 500 } },
};

const TOOL: RegisteredTool = {
  name: MEMORY_TOOL,
  description:
    'Schlägt dem Haushalt einen dauerhaften Fakt zum Merken vor (z. B. „Paul verträgt keine Nüsse“). Er gilt erst, wenn ein Familienmitglied ihn in Wissen & System bestätigt.',
  input_schema: INPUT_SCHEMA,
  provider: 'core',
  mutates: false,
  requires_confirmation: false,
  // Only a proposal: the household accepts or rejects it before anything is remembered.
  risk: 'reversible',
  source: 'core',
};

/**
 * What the assistant wants to remember is a MemoryProposal (the protocol allows no silent memory
 * mutation). The fact counts only after a household member accepts it; then it appears
 * in the system prompt of every later request.
 */
export function memoryToolProvider(recorder: ProtocolRecorder): ToolProvider {
  return {
    kind: 'core',
    list: () => [TOOL],
    async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      if (name !== MEMORY_TOOL) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
      const fact = String(args.fact).trim().replace(/\s+/g, ' ');
      if (recorder.acceptedMemories().some((m) => m.fact.toLowerCase() === fact.toLowerCase())) {
        return { success: true, data: { fact, status: 'accepted' }, message: `Das habe ich mir schon gemerkt: „${fact}“.`, mutated: false };
      }
      // The assistant's request already is a WorkSession; a direct call gets its own.
      const own = !recorder.session(ctx.traceId);
      const session = recorder.beginSession(ctx.traceId, `Merken: ${fact}`);
      const proposalId = recorder.proposeMemory(session, fact);
      if (own) recorder.finish(session, 'completed', `Zum Merken vorgeschlagen: ${fact}`);
      return {
        success: true,
        data: { proposal_id: proposalId, fact, status: 'proposed' },
        message: `Vorschlag zum Merken: „${fact}“. Bitte in Wissen & System bestätigen.`,
        mutated: false,
      };
    },
  };
}

/** The facts the household accepted, as the system prompt lists them. */
export function rememberedFacts(recorder: ProtocolRecorder, limit = 40): string[] {
  return recorder
    .acceptedMemories()
    .slice(-limit)
    .map((m) => m.fact);
}
