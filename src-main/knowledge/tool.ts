import { RAG_FORMATS, RAG_SEARCH_TOOL, toolFailure, toolSuccess, type RagSearchFilters, type ToolResult } from '../../src-shared';
import type { RegisteredTool, ToolContext, ToolProvider } from '../platform/registry';
import type { Tracer } from '../platform/trace';
import type { RagService } from './service';

export const RAG_SEARCH_SCHEMA = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: 2000,
      description: 'What to look for in the household documents (words or a question).',
    },
    top_k: { type: 'integer', minimum: 1, maximum: 20, description: 'How many excerpts to return (default 5).' },
    filters: {
      type: 'object',
      properties: {
        document_ids: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 100 }, maxItems: 50 },
        formats: { type: 'array', items: { type: 'string', enum: [...RAG_FORMATS] }, maxItems: RAG_FORMATS.length },
        name_contains: { type: 'string', minLength: 1, maxLength: 200, description: 'Only documents whose file name contains this text.' },
      },
      additionalProperties: false,
    },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

const TOOL: RegisteredTool = {
  name: RAG_SEARCH_TOOL,
  description:
    'Search the household documents (contracts, letters, manuals, mails, PDFs, scans). Returns excerpts with document name, location and score. ' +
    'Use it when the answer may be in a document; cite the document and location in the reply.',
  input_schema: RAG_SEARCH_SCHEMA,
  provider: 'core',
  mutates: false,
  requires_confirmation: false,
  risk: 'read',
  source: 'core',
};

/**
 * rag_search as a core tool: the assistant, the UI and scripts reach retrieval through the
 * registry, and every call leaves a `rag/retrieval` trace event with what it returned.
 */
export function ragToolProvider(service: RagService, tracer: Tracer, language: 'de' | 'en'): ToolProvider {
  return {
    kind: 'core',
    list: () => [TOOL],
    async call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
      if (name !== RAG_SEARCH_TOOL) return toolFailure('UNKNOWN_TOOL', `Unknown tool: ${name}`);
      const query = String(args.query).trim();
      if (!query) return toolFailure('INVALID_ARGUMENTS', 'query must not be blank', '/query');
      const topK = typeof args.top_k === 'number' ? args.top_k : 5;
      const filters = (args.filters ?? {}) as RagSearchFilters;
      tracer.record(ctx.traceId, 'rag', 'retrieval_start', { query, top_k: topK, filters });
      const res = await service.query(query, { topK, filters });
      tracer.record(ctx.traceId, 'rag', 'retrieval', {
        query,
        mode: res.mode,
        ...(res.notice ? { notice: res.notice } : {}),
        results: res.results.map((r) => ({
          document: r.document,
          document_id: r.document_id,
          location: r.location,
          score: r.score,
          chunk_id: r.chunk_id,
        })),
      });
      return toolSuccess(res, summary(res.results, res.mode, language), false);
    },
  };
}

function summary(results: readonly { document: string; location: string }[], mode: string, language: 'de' | 'en'): string {
  if (results.length === 0) return language === 'de' ? 'Keine passenden Dokumentstellen gefunden.' : 'No matching document passages found.';
  const list = results.map((r) => (r.location ? `${r.document} (${r.location})` : r.document)).join('; ');
  return language === 'de'
    ? `${results.length} Dokumentstellen gefunden (${mode}): ${list}`
    : `${results.length} document passages found (${mode}): ${list}`;
}
