import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Config } from '../platform/config';
import type { Db } from '../platform/database';
import { RagRepository } from './store';
import type { Logger } from '../platform/trace';
import type { Publish } from '../platform/events';
import { OllamaEmbedder } from './embeddings';
import { RagService } from './service';

export interface RagDeps {
  readonly clock: () => Date;
  readonly log: Logger;
  readonly publish?: Publish;
}

/** Where the original files of indexed documents are kept: beside the database. */
export function ragFilesDir(config: Config): string {
  return config.dataFile === ':memory:' ? join(tmpdir(), 'jarvis-rag-files') : join(dirname(config.dataFile), 'rag-files');
}

/** One RagService from the configuration: the master and the CLI build it the same way. */
export function createRagService(db: Db, config: Config, deps: RagDeps): RagService {
  return new RagService({
    repo: new RagRepository(db),
    embedder: new OllamaEmbedder({ url: config.ollamaUrl, model: config.ollamaEmbedModel, clock: deps.clock }),
    filesDir: ragFilesDir(config),
    maxFileBytes: config.ragMaxFileMb * 1024 * 1024,
    clock: deps.clock,
    log: deps.log,
    language: config.language === 'en' ? 'en' : 'de',
    ...(deps.publish ? { publish: deps.publish } : {}),
  });
}
