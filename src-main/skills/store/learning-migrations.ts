import type { Migration } from '../../platform/database/migrations';

/**
 * What the skills learnt and what the household said about it: each improvement of a skill
 * (an overlay of `jarvis optimize skills`) is a record that takes effect only once accepted,
 * and undoing an accepted one is a record of its own.
 */
export const SKILL_LEARNING_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'learning records of skill improvements',
    up(db) {
      db.exec(`
        CREATE TABLE skill_learning_records (
          learning_id TEXT PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('overlay', 'undo')),
          skill_id TEXT NOT NULL,
          overlay_sha256 TEXT NOT NULL,
          change_json TEXT NOT NULL,
          evidence_json TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('proposed', 'accepted', 'rejected')),
          undoes TEXT REFERENCES skill_learning_records (learning_id),
          created_at TEXT NOT NULL,
          decided_at TEXT,
          decided_by TEXT
        );
        CREATE INDEX skill_learning_records_overlay ON skill_learning_records (skill_id, overlay_sha256);
      `);
    },
  },
  {
    version: 2,
    name: 'learning records of facts and pipelines, each owned by a member or the household',
    up(db) {
      // member_id NULL = the whole household. (Since version 3 forgetting marks the row instead of deleting it.)
      db.exec(`
        CREATE TABLE learned_records (
          id TEXT PRIMARY KEY,
          kind TEXT NOT NULL CHECK (kind IN ('fact', 'pipeline')),
          content TEXT NOT NULL,
          steps_json TEXT,
          source TEXT NOT NULL CHECK (source IN ('assistant', 'member')),
          from_member_id TEXT,
          member_id TEXT,
          state TEXT NOT NULL CHECK (state IN ('proposed', 'accepted', 'refused')),
          created_at TEXT NOT NULL,
          decided_at TEXT,
          decided_by TEXT
        );
        CREATE INDEX learned_records_member ON learned_records (member_id, kind, state);
      `);
    },
  },
  {
    version: 3,
    name: 'a forgotten fact or pipeline is marked with who forgot it and when, so it can be brought back',
    up(db) {
      db.exec(`
        ALTER TABLE learned_records ADD COLUMN forgotten_at TEXT;
        ALTER TABLE learned_records ADD COLUMN forgotten_by TEXT;
      `);
    },
  },
  {
    version: 4,
    name: 'a remembered fact names the protocol MemoryProposal that stands for it',
    up(db) {
      // Facts proposed before this version are linked by their text when the assistant starts:
      // the proposals are the protocol's records, read through the protocol, not from its table here.
      db.exec(`
        ALTER TABLE learned_records ADD COLUMN memory_proposal_id TEXT;
        CREATE INDEX learned_records_memory_proposal ON learned_records (memory_proposal_id);
      `);
    },
  },
];
