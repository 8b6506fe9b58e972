import { toolFailure, type JsonSchemaObject, type ToolResult } from '../../src-shared';
import type { ProtocolRecorder } from '../protocol';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';
import type { LearnedRecords } from './learned/consent';

export const MEMORY_TOOL = 'memory_propose';
export const PIPELINE_TOOL = 'pipeline_propose';

const INPUT_SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['fact'],
  properties: {
    fact: { type: 'string', minLength: 3, maxLength: 500 },
    for_household: { type: 'boolean' },
  },
};

const PIPELINE_SCHEMA: JsonSchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'steps'],
  properties: {
    name: { type: 'string', minLength: 3, maxLength: 120 },
    steps: { type: 'array', minItems: 2, maxItems: 8, items: { type: 'string', minLength: 1, maxLength: 80 } },
  },
};

const TOOL: RegisteredTool = {
  name: MEMORY_TOOL,
  description:
    'Schlägt einen dauerhaften Fakt zum Merken vor (z. B. „Paul verträgt keine Nüsse“). Er gehört der fragenden Person (for_household: true = dem ganzen Haushalt) und gilt erst, wenn sie ihn unter „Gelernt“ annimmt.',
  input_schema: INPUT_SCHEMA,
  provider: 'core',
  mutates: false,
  requires_confirmation: false,
  // Only a proposal: the household accepts or rejects it before anything is remembered.
  risk: 'reversible',
  source: 'core',
};

const PIPELINE: RegisteredTool = {
  name: PIPELINE_TOOL,
  description:
    'Schlägt einen wiederverwendbaren Ablauf vor: mehrere Tools nacheinander (steps = Tool-Namen), z. B. nach einem Wocheneinkauf. Er wird erst angeboten, wenn die fragende Person ihn unter „Gelernt“ annimmt.',
  input_schema: PIPELINE_SCHEMA,
  provider: 'core',
  mutates: false,
  requires_confirmation: false,
  // Only a proposal, like a fact to remember.
  risk: 'reversible',
  source: 'core',
};

/**
 * What the assistant wants to remember is a LearningRecord of the member who asked (the
 * Gelernt card) and a MemoryProposal of the evidence layer (the protocol allows no silent
 * memory mutation). It counts only once accepted; then it is in every later system prompt.
 */
export function memoryToolProvider(
  recorder: ProtocolRecorder,
  learned: LearnedRecords,
  members: { memberOf(id: string | undefined): { readonly id: string } },
  knownTool: (name: string) => boolean,
): ToolProvider {
  return {
    kind: 'core',
    list: () => [TOOL, PIPELINE],
    async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      const asker = members.memberOf(ctx.member).id;
      if (name === PIPELINE_TOOL) return proposePipeline(learned, asker, args, knownTool);
      if (name !== MEMORY_TOOL) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
      const fact = String(args.fact).trim().replace(/\s+/g, ' ');
      const owner = args.for_household === true ? null : asker;
      if (rememberedFacts(recorder, learned, asker, Infinity).some((f) => f.toLowerCase() === fact.toLowerCase())) {
        return { success: true, data: { fact, status: 'accepted' }, message: `Das habe ich mir schon gemerkt: „${fact}“.`, mutated: false };
      }
      // The record and its proposal are written together and name each other.
      const { record, proposalId } = learned.together(() => {
        const record = learned.propose({ kind: 'fact', content: fact, source: 'assistant', fromMemberId: asker, memberId: owner });
        // Proposed already and still waiting: the household decides that one proposal.
        const waiting = record.memory_proposal_id ? recorder.currentMemoryProposal(record.memory_proposal_id) : undefined;
        if (waiting?.status === 'proposed') return { record, proposalId: waiting.proposal_id };
        // The assistant's request already is a WorkSession; a direct call gets its own.
        const own = !recorder.session(ctx.traceId);
        const session = recorder.beginSession(ctx.traceId, `Merken: ${fact}`);
        const proposalId = recorder.proposeMemory(session, fact);
        learned.link(record.id, proposalId);
        if (own) recorder.finish(session, 'completed', `Zum Merken vorgeschlagen: ${fact}`);
        return { record, proposalId };
      });
      return {
        success: true,
        data: { proposal_id: proposalId, learned_id: record.id, fact, status: 'proposed' },
        message: `Vorschlag zum Merken: „${fact}“. Bitte unter „Gelernt“ annehmen.`,
        mutated: false,
      };
    },
  };
}

function proposePipeline(
  learned: LearnedRecords,
  asker: string,
  args: Record<string, unknown>,
  knownTool: (name: string) => boolean,
): ToolResult {
  const title = String(args.name).trim().replace(/\s+/g, ' ');
  const steps = (args.steps as unknown[]).map((s) => String(s).trim());
  const unknown = steps.filter((s) => !knownTool(s) || s === PIPELINE_TOOL || s === MEMORY_TOOL);
  if (unknown.length > 0) return toolFailure('UNKNOWN_STEP', `Diese Schritte kenne ich nicht: ${unknown.join(', ')}`);
  const record = learned.propose({ kind: 'pipeline', content: title, steps, source: 'assistant', fromMemberId: asker, memberId: asker });
  if (record.state === 'accepted')
    return {
      success: true,
      data: { name: title, status: 'accepted' },
      message: `Diesen Ablauf kenne ich schon: „${title}“.`,
      mutated: false,
    };
  return {
    success: true,
    data: { learned_id: record.id, name: title, steps, status: 'proposed' },
    message: `Vorschlag für einen Ablauf: „${title}“. Bitte unter „Gelernt“ annehmen.`,
    mutated: false,
  };
}

/**
 * The facts accepted for this member (their own and the household's), as the system prompt
 * lists them. A fact with a record on the Gelernt card counts as that record says (its owner,
 * forgotten or not); a proposal a protocol client made, with no record, counts for everyone.
 */
export function rememberedFacts(recorder: ProtocolRecorder, learned: LearnedRecords, member: string, limit = 40): string[] {
  const decidedOnCard = learned.memoryProposalIds();
  const protocolOnly = recorder
    .acceptedMemories()
    .filter((m) => !m.history.some((id) => decidedOnCard.has(id)))
    .map((m) => m.fact);
  const facts = [...protocolOnly, ...learned.acceptedFacts(member)];
  const seen = new Set<string>();
  return facts
    .filter((f) => {
      const key = f.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(-limit);
}

/** The accepted pipelines the assistant may offer this member, one line each. */
export function offeredPipelines(learned: LearnedRecords, member: string, limit = 10): string[] {
  return learned
    .acceptedPipelines(member)
    .slice(-limit)
    .map((p) => `${p.name}: ${p.steps.join(' → ')}`);
}
