import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { RAG_FORMATS, type RagDocumentsResponse, type RagFormat, type RagSearchResponse } from '../../src-shared';
import type { RagService } from './service';
import { newTraceId, type Tracer } from '../platform/trace';
import { Refusal } from '../platform/errors';
import { pageOf, pageRequest } from '../platform/paging';

const SEARCH_QUERY = {
  type: 'object',
  properties: {
    q: { type: 'string', minLength: 1, maxLength: 2000 },
    // Query strings are text and our ajv never coerces: numbers are checked as digits.
    top_k: { type: 'string', pattern: '^(?:[1-9]|1[0-9]|20)$' },
    format: { type: 'string', pattern: '^[a-z]+(,[a-z]+)*$' },
    document_id: { type: 'string', minLength: 1, maxLength: 100 },
    name: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['q'],
  additionalProperties: false,
} as const;

const ID_PARAMS = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** /api/rag/*: upload (multipart field `file`), list, delete, search (knowledge contract). */
export function registerRagRoutes(app: FastifyInstance, service: RagService, tracer: Tracer): void {
  app.get<{ Querystring: Record<string, string> }>('/api/rag/documents', async (req): Promise<RagDocumentsResponse> => {
    const { items, ...rest } = pageOf(service.list(), pageRequest(req.query));
    return { documents: items, ...rest };
  });

  app.get<{ Params: { id: string } }>('/api/rag/documents/:id', { schema: { params: ID_PARAMS } }, async (req) => {
    const doc = service.get(req.params.id);
    if (!doc) throw new Refusal('not_found', 'NOT_FOUND', `No document ${req.params.id}`);
    return { document: doc };
  });

  app.delete<{ Params: { id: string } }>('/api/rag/documents/:id', { schema: { params: ID_PARAMS } }, async (req, reply) => {
    if (!(await service.remove(req.params.id))) throw new Refusal('not_found', 'NOT_FOUND', `No document ${req.params.id}`);
    return reply.code(204).send();
  });

  app.get<{ Querystring: { q: string; top_k?: string; format?: string; document_id?: string; name?: string } }>(
    '/api/rag/search',
    { schema: { querystring: SEARCH_QUERY } },
    async (req): Promise<RagSearchResponse> => {
      const { q, top_k, format, document_id, name } = req.query;
      const formats = format?.split(',');
      const unknown = formats?.find((f) => !(RAG_FORMATS as readonly string[]).includes(f));
      if (unknown)
        throw new Refusal('invalid', 'INVALID_REQUEST', `Unknown format ${unknown}; known: ${RAG_FORMATS.join(', ')}`, '/format');
      const traceId = newTraceId('rag');
      const filters = {
        ...(formats ? { formats: formats as RagFormat[] } : {}),
        ...(document_id ? { document_ids: [document_id] } : {}),
        ...(name ? { name_contains: name } : {}),
      };
      const res = await service.query(q, { topK: top_k ? Number(top_k) : 5, filters });
      tracer.record(traceId, 'rag', 'retrieval', {
        query: q,
        mode: res.mode,
        results: res.results.map((r) => ({ document: r.document, location: r.location, score: r.score })),
      });
      return res;
    },
  );

  // Multipart lives in its own encapsulated scope: other capabilities (voice) register
  // their own with other limits.
  void app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: service.maxFileBytes + 1, files: 1, fields: 4, parts: 5 } });
    scoped.post('/api/rag/documents', async (req, reply) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      // Refused before a byte of the body is read; the connection closes so the client
      // stops sending.
      if (declared > service.maxFileBytes + 64 * 1024) {
        reply.header('connection', 'close');
        throw new Refusal(
          'too_large',
          'FILE_TOO_LARGE',
          `The upload is ${(declared / 1024 / 1024).toFixed(1)} MB; the limit is ${(service.maxFileBytes / 1024 / 1024).toFixed(1)} MB (JARVIS_RAG_MAX_FILE_MB).`,
        );
      }
      if (!req.isMultipart())
        throw new Refusal('unsupported_media', 'NOT_MULTIPART', 'Send the document as multipart/form-data in the field "file".');
      const part = await req.file();
      if (!part) throw new Refusal('invalid', 'NO_FILE', 'The upload holds no file (multipart field "file").');
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new Refusal('invalid', 'NO_FILE', `The file must be sent in the multipart field "file", not "${part.fieldname}".`);
      }
      const outcome = await service.ingestStream(part.file, part.filename);
      return reply.code(outcome.outcome === 'unchanged' ? 200 : 202).send(outcome);
    });
  });
}
