import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { RagService } from '../../knowledge';
import { masterBundle } from '../../master/bundle';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from '../exit-codes';
import { formatTable } from '../table';

/**
 * `jarvis rag add|list|remove|search`: works on the database in JARVIS_DATA directly, so it
 * needs no running master. A running master sees the changes (the index keeps a generation
 * counter) and the queue claim is atomic, so both can work at once.
 */
async function withService<T>(run: (service: RagService) => Promise<T>): Promise<T> {
  const { loadConfig, openDatabase, createLogger, SecretRedactor, createRagService } = masterBundle().exports;
  const config = loadConfig(process.env);
  const db = openDatabase(config.dataFile);
  const log = createLogger(new SecretRedactor());
  const service = createRagService(db, config, { clock: () => new Date(), log });
  try {
    return await run(service);
  } finally {
    await service.stop();
    db.close();
  }
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

export function registerRag(program: Command): void {
  const rag = program.command('rag').description('The document index: add files, list them, remove them, search them');

  rag
    .command('add')
    .description('Add documents (TXT, Markdown, CSV, JSON, YAML, XML, ICS, HTML, EML, DOCX, PDF, images) and wait until they are indexed')
    .argument('<paths...>', 'files to add')
    .action(async (paths: string[]) => {
      const { IngestError } = masterBundle().exports;
      process.exitCode = await withService(async (service) => {
        let failed = false;
        const ids: string[] = [];
        for (const p of paths) {
          const path = resolve(p);
          try {
            const { document, outcome } = await service.ingestFile(path);
            ids.push(document.id);
            out(`${document.name}: ${outcome === 'unchanged' ? `unchanged (already indexed as ${document.id})` : outcome}`);
          } catch (e) {
            failed = true;
            err(`${p}: ${e instanceof IngestError ? e.message : e instanceof Error ? e.message : String(e)}`);
          }
        }
        await service.drain();
        for (const id of ids) {
          const doc = service.get(id);
          if (!doc) continue;
          if (doc.status === 'failed') failed = true;
          out(
            `${doc.id}  ${doc.name}  ${doc.status}${doc.status === 'ready' ? ` (${doc.chunks} chunks${doc.embed_model ? `, vectors from ${doc.embed_model}` : ', keywords only'})` : ''}${doc.error ? `: ${doc.error}` : ''}`,
          );
        }
        return failed ? EXIT_FAILURE : EXIT_OK;
      });
    });

  rag
    .command('list')
    .description('List the indexed documents with status, size and chunk count')
    .option('--json', 'print JSON for scripts')
    .action(async (opts: { json?: boolean }) => {
      await withService(async (service) => {
        const docs = service.list();
        if (opts.json) out(JSON.stringify({ documents: docs }, null, 2));
        else if (docs.length === 0) out('No documents.');
        else
          out(
            formatTable(
              ['id', 'name', 'status', 'chunks', 'size', 'error'],
              docs.map((d) => [d.id, d.name, d.status, String(d.chunks), `${(d.size / 1024).toFixed(1)} KB`, d.error ?? '']),
            ),
          );
      });
      process.exitCode = EXIT_OK;
    });

  rag
    .command('remove')
    .description('Remove documents (with their chunks and vectors) by id')
    .argument('<ids...>', 'document ids as `jarvis rag list` shows them')
    .action(async (ids: string[]) => {
      process.exitCode = await withService(async (service) => {
        let missing = false;
        for (const id of ids) {
          if (await service.remove(id)) out(`removed ${id}`);
          else {
            missing = true;
            err(`no document ${id}`);
          }
        }
        return missing ? EXIT_FAILURE : EXIT_OK;
      });
    });

  rag
    .command('search')
    .description('Search the documents (hybrid with an Ollama embedding model, else by keywords)')
    .argument('<query...>', 'words or a question')
    .option('-k, --top-k <n>', 'how many excerpts', '5')
    .option('--json', 'print JSON for scripts')
    .action(async (words: string[], opts: { topK: string; json?: boolean }) => {
      const topK = Number(opts.topK);
      if (!Number.isInteger(topK) || topK < 1 || topK > 50) {
        err('--top-k must be a whole number from 1 to 50');
        process.exitCode = EXIT_USAGE;
        return;
      }
      await withService(async (service) => {
        const res = await service.query(words.join(' '), { topK });
        if (opts.json) {
          out(JSON.stringify(res, null, 2));
          return;
        }
        out(`mode: ${res.mode}${res.notice ? ` (${res.notice})` : ''}`);
        if (res.results.length === 0) out('No matches.');
        res.results.forEach((r, i) => out(`${i + 1}. ${r.document} — ${r.location} (score ${r.score})\n   ${r.excerpt}`));
      });
      process.exitCode = EXIT_OK;
    });
}
