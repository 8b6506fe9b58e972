import type { Migration } from '../../platform/database/migrations';

/**
 * Documents, their chunks (with the embedding beside the text) and an FTS5 index over
 * the chunk text. The FTS table is an external-content index kept in step by triggers,
 * so a chunk's text is stored once.
 */
export const RAG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'documents, chunks, fts5',
    up(db) {
      db.exec(`
        CREATE TABLE rag_documents (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          format TEXT NOT NULL,
          size INTEGER NOT NULL,
          hash TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('queued','extracting','indexing','ready','failed')),
          error TEXT,
          progress REAL NOT NULL DEFAULT 0,
          chunk_count INTEGER NOT NULL DEFAULT 0,
          stored_file TEXT NOT NULL,
          source_path TEXT,
          embed_model TEXT,
          text_chars INTEGER NOT NULL DEFAULT 0,
          added_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX rag_documents_hash ON rag_documents(hash);
        CREATE INDEX rag_documents_name ON rag_documents(name);
        CREATE INDEX rag_documents_status ON rag_documents(status, added_at);

        CREATE TABLE rag_chunks (
          id INTEGER PRIMARY KEY,
          document_id TEXT NOT NULL REFERENCES rag_documents(id) ON DELETE CASCADE,
          ord INTEGER NOT NULL,
          text TEXT NOT NULL,
          location TEXT NOT NULL,
          embedding BLOB,
          embed_model TEXT
        );
        CREATE INDEX rag_chunks_document ON rag_chunks(document_id, ord);

        CREATE VIRTUAL TABLE rag_chunks_fts USING fts5(
          text, content='rag_chunks', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER rag_chunks_ai AFTER INSERT ON rag_chunks BEGIN
          INSERT INTO rag_chunks_fts(rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER rag_chunks_ad AFTER DELETE ON rag_chunks BEGIN
          INSERT INTO rag_chunks_fts(rag_chunks_fts, rowid, text) VALUES ('delete', old.id, old.text);
        END;

        -- Bumped on every change to chunks or vectors: a process (master or CLI) reloads
        -- its in-memory vector matrix when another one changed the index.
        CREATE TABLE rag_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO rag_meta(key, value) VALUES ('generation', 0);
      `);
    },
  },
  {
    version: 2,
    name: 'index of embedded chunks',
    up(db) {
      // /api/health counts the chunks with a vector: without this index that count reads
      // every row with its text and vector (a quarter of a second at 100,000 chunks).
      db.exec('CREATE INDEX rag_chunks_embedded ON rag_chunks(id) WHERE embedding IS NOT NULL');
    },
  },
];
