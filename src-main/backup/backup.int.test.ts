import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, openDatabase, SchemaTooNewError } from '../platform/database';
import { HOUSEHOLD_MIGRATIONS } from '../household/store';
import { KNOWN_SCHEMAS, knownObjects } from '../master/schemas';
import { ragFilesDir } from '../knowledge';
import { startTestMaster } from '../testing/test-master';
import { ephemeralSigner, loadOrCreateSigner } from '../protocol';
import { openArchive, writeArchive } from './archive';
import { createBackup, restoreBackup, snapshotFile, type BackupSummary } from './index';
import { readSchemasOfFile } from './store/snapshot';

/** The household says yes to every backup from elsewhere: for tests of what restore does once it may. */
const confirmingEverything = { machineKey: 'SHA256:no-machine', knownObjects: knownObjects(), confirmForeign: () => true };

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'jarvis-backup-test-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

type Db = ReturnType<typeof openDatabase>;

/** Each table's columns, and the indexes: what a schema step can add. */
function schemaShape(db: Db): { columns: Map<string, string[]>; indexes: Map<string, string> } {
  const objects = db.prepare("SELECT type, name, tbl_name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").all() as {
    type: string;
    name: string;
    tbl_name: string;
  }[];
  const columns = new Map<string, string[]>();
  const indexes = new Map<string, string>();
  for (const o of objects) {
    if (o.type === 'table')
      columns.set(
        o.name,
        (db.pragma(`table_info("${o.name}")`) as { name: string }[]).map((c) => c.name),
      );
    if (o.type === 'index') indexes.set(o.name, o.tbl_name);
  }
  return { columns, indexes };
}

/**
 * Puts something the household's last schema step adds in its way, so that step fails.
 * The step is run on a scratch database first to see what it adds, so the test follows
 * whichever step is last. Returns the start of the error SQLite will give.
 */
function blockLastHouseholdStep(db: Db): string {
  const scratch = openDatabase(join(tempDir(), 'scratch.db'));
  try {
    applyMigrations(scratch, 'household', HOUSEHOLD_MIGRATIONS.slice(0, -1));
    const before = schemaShape(scratch);
    applyMigrations(scratch, 'household', HOUSEHOLD_MIGRATIONS);
    const after = schemaShape(scratch);
    for (const [table, cols] of after.columns) {
      const had = before.columns.get(table);
      const added = had && cols.find((c) => !had.includes(c));
      if (added) {
        db.exec(`ALTER TABLE "${table}" ADD COLUMN "${added}" TEXT`);
        return `duplicate column name: ${added}`;
      }
    }
    for (const table of after.columns.keys()) {
      if (!before.columns.has(table)) {
        db.exec(`CREATE TABLE "${table}" (in_the_way TEXT)`);
        return `table "?${table}"? already exists`;
      }
    }
    for (const [index, table] of after.indexes) {
      if (!before.indexes.has(index) && before.columns.has(table)) {
        db.exec(`CREATE INDEX "${index}" ON "${table}" ("${before.columns.get(table)![0]}")`);
        return `index ${index} already exists`;
      }
    }
    throw new Error('the last household step adds no column, table or index that could be put in its way');
  } finally {
    scratch.close();
  }
}

const taskTitles = async (m: Awaited<ReturnType<typeof startTestMaster>>) =>
  new Set(((await m.request('/api/tasks?limit=1000')).json.data.tasks as { title: string }[]).map((t) => t.title));

describe('backup and restore', () => {
  it('backs up while writes continue; the restored database has every write acknowledged before the backup started', async () => {
    const m = await startTestMaster();
    const out = join(tempDir(), 'household.jarvis-backup');
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 400; i++) {
        const res = await m.request('/api/tools/tasks_create', { json: { arguments: { title: `Aufgabe ${i}` } } });
        if (res.status === 200) acknowledged.push(`Aufgabe ${i}`);
      }
    })();
    try {
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
      const beforeStart = [...acknowledged];
      mkdirSync(ragFilesDir(m.config), { recursive: true });
      writeFileSync(join(ragFilesDir(m.config), 'doc.txt'), 'Mietvertrag');
      const manifest = await createBackup(
        out,
        { appVersion: 'test', filesDir: ragFilesDir(m.config), settingsFile: join(m.dataDir, 'settings.json') },
        (t) => snapshotFile(m.config.dataFile, t),
      );
      const afterBackup = acknowledged.length;
      while (acknowledged.length < afterBackup + 20 && writing) await new Promise((r) => setTimeout(r, 5));
      writing = false;
      await writer;
      expect(acknowledged.length).toBeGreaterThan(afterBackup);
      expect(manifest.schemas).toEqual(KNOWN_SCHEMAS);
      expect(manifest.files.map((f) => f.name)).toContain('rag-files/doc.txt');

      // A running master's database is not restored over.
      expect(() =>
        restoreBackup(out, {
          dataFile: m.config.dataFile,
          filesDir: ragFilesDir(m.config),
          settingsFile: join(m.dataDir, 'settings.json'),
          knownSchemas: KNOWN_SCHEMAS,
          security: confirmingEverything,
        }),
      ).toThrow(/JARVIS is running/);

      const target = tempDir();
      const dataFile = join(target, 'jarvis.db');
      writeFileSync(dataFile, 'old');
      const result = restoreBackup(out, {
        dataFile,
        filesDir: join(target, 'rag-files'),
        settingsFile: join(target, 'settings.json'),
        knownSchemas: KNOWN_SCHEMAS,
        security: confirmingEverything,
      });
      expect(result.keptAside).toHaveLength(1);
      expect(readFileSync(result.keptAside[0]!, 'utf8')).toBe('old');
      expect(readFileSync(join(target, 'rag-files', 'doc.txt'), 'utf8')).toBe('Mietvertrag');
      const restored = await startTestMaster({ JARVIS_DATA: dataFile });
      try {
        const titles = await taskTitles(restored);
        for (const t of beforeStart) expect(titles.has(t)).toBe(true);
      } finally {
        await restored.close();
      }
    } finally {
      writing = false;
      await writer;
      await m.close();
    }
  });

  it('refuses a corrupted backup (a flipped byte, a cut) with a clear message and changes nothing', async () => {
    const m = await startTestMaster();
    const out = join(tempDir(), 'b.jarvis-backup');
    try {
      await m.request('/api/tools/tasks_create', { json: { arguments: { title: 'Bleibt' } } });
      await createBackup(out, { appVersion: 'test' }, (t) => snapshotFile(m.config.dataFile, t));
    } finally {
      await m.close();
    }
    const target = tempDir();
    const dataFile = join(target, 'jarvis.db');
    writeFileSync(dataFile, 'current');
    const restore = () =>
      restoreBackup(out, {
        dataFile,
        filesDir: join(target, 'rag-files'),
        settingsFile: join(target, 'settings.json'),
        knownSchemas: KNOWN_SCHEMAS,
        security: confirmingEverything,
      });

    const bytes = readFileSync(out);
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    writeFileSync(out, flipped);
    expect(restore).toThrow(/damaged: its SHA-256 checksum does not match/);
    writeFileSync(out, bytes);
    truncateSync(out, bytes.length - 100);
    expect(restore).toThrow(/damaged|not a JARVIS backup/);
    writeFileSync(out, 'hello');
    expect(restore).toThrow(/not a JARVIS backup/);
    expect(readFileSync(dataFile, 'utf8')).toBe('current');
    expect(readdirSync(target)).toEqual(['jarvis.db']);

    // A backup from a newer JARVIS is refused too.
    writeFileSync(out, bytes);
    expect(() =>
      restoreBackup(out, {
        dataFile,
        filesDir: join(target, 'rag-files'),
        settingsFile: join(target, 'settings.json'),
        knownSchemas: { ...KNOWN_SCHEMAS, household: 1 },
        security: confirmingEverything,
      }),
    ).toThrow(/newer JARVIS/);
    expect(readFileSync(dataFile, 'utf8')).toBe('current');
  });
});

describe('scheduled backups', () => {
  it('write into JARVIS_BACKUP_DIR while the household keeps writing, and the last success shows in the health status', async () => {
    const backupDir = tempDir();
    const m = await startTestMaster({ JARVIS_BACKUP_DIR: backupDir });
    try {
      const off = await startTestMaster();
      expect((await off.request('/api/health')).json.components.backup).toMatchObject({ state: 'off', code: 'backup.off' });
      await off.close();
      // The first backup starts with the master; this one must hold the writes below.
      await m.master.capabilities.backup.runScheduled();
      for (let i = 0; i < 30; i++) await m.request('/api/tools/tasks_create', { json: { arguments: { title: `Vorher ${i}` } } });
      const backup = m.master.capabilities.backup.runScheduled();
      const during = await Promise.all(
        Array.from({ length: 20 }, (_, i) => m.request('/api/tools/tasks_create', { json: { arguments: { title: `Während ${i}` } } })),
      );
      expect(during.every((r) => r.status === 200)).toBe(true);
      const file = await backup;
      expect((await m.request('/api/health')).json.components.backup).toMatchObject({ state: 'ok', code: 'backup.last' });
      const target = tempDir();
      restoreBackup(file, {
        dataFile: join(target, 'jarvis.db'),
        filesDir: join(target, 'rag-files'),
        settingsFile: join(target, 'settings.json'),
        knownSchemas: KNOWN_SCHEMAS,
        security: confirmingEverything,
      });
      const restored = await startTestMaster({ JARVIS_DATA: join(target, 'jarvis.db') });
      try {
        const titles = await taskTitles(restored);
        for (let i = 0; i < 30; i++) expect(titles.has(`Vorher ${i}`)).toBe(true);
      } finally {
        await restored.close();
      }
    } finally {
      await m.close();
    }
  });
});

describe('upgrades', () => {
  it('a database of the previous household schema upgrades, keeps its records and is backed up first', async () => {
    const dir = tempDir();
    const dataFile = join(dir, 'jarvis.db');
    const db = openDatabase(dataFile);
    applyMigrations(db, 'household', HOUSEHOLD_MIGRATIONS.slice(0, -1));
    db.prepare(
      "INSERT INTO household_tasks (id, title, priority, status, created_ms, updated_ms) VALUES ('task_old', 'Steuererklärung', 'normal', 'open', 0, 0)",
    ).run();
    db.close();
    const m = await startTestMaster({ JARVIS_DATA: dataFile });
    try {
      expect(await taskTitles(m)).toContain('Steuererklärung');
      const backups = readdirSync(dir).filter((n) => n.startsWith('jarvis.db.before-') && n.endsWith('.backup'));
      expect(backups).toHaveLength(1);
      const restoredDir = tempDir();
      restoreBackup(join(dir, backups[0]!), {
        dataFile: join(restoredDir, 'jarvis.db'),
        filesDir: join(restoredDir, 'rag-files'),
        settingsFile: join(restoredDir, 'settings.json'),
        knownSchemas: KNOWN_SCHEMAS,
        security: confirmingEverything,
      });
      expect(readSchemasOfFile(join(restoredDir, 'jarvis.db'))).toEqual({ household: HOUSEHOLD_MIGRATIONS.length - 1 });
    } finally {
      await m.close();
    }
  });

  it('a failing migration is undone as a whole and says why', async () => {
    const dir = tempDir();
    const dataFile = join(dir, 'jarvis.db');
    const db = openDatabase(dataFile);
    applyMigrations(db, 'household', HOUSEHOLD_MIGRATIONS.slice(0, -1));
    db.prepare(
      "INSERT INTO household_tasks (id, title, priority, status, created_ms, updated_ms) VALUES ('task_old', 'Bleibt', 'normal', 'open', 0, 0)",
    ).run();
    const why = blockLastHouseholdStep(db);
    db.close();
    // The protocol migrates before the household fails; it is undone with it.
    await expect(startTestMaster({ JARVIS_DATA: dataFile })).rejects.toThrow(new RegExp(`${why}.*The upgrade was undone`, 's'));
    expect(readSchemasOfFile(dataFile)).toEqual({ household: HOUSEHOLD_MIGRATIONS.length - 1 });
    const after = openDatabase(dataFile);
    try {
      expect(after.prepare("SELECT title FROM household_tasks WHERE id = 'task_old'").get()).toEqual({ title: 'Bleibt' });
    } finally {
      after.close();
    }
  });

  it('a database from a newer JARVIS is refused and left as it was', async () => {
    const dir = tempDir();
    const dataFile = join(dir, 'jarvis.db');
    const db = openDatabase(dataFile);
    applyMigrations(db, 'household', HOUSEHOLD_MIGRATIONS);
    db.prepare("UPDATE schema_migrations SET version = version + 1 WHERE component = 'household'").run();
    const tables = () =>
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    const before = tables();
    db.close();
    await expect(startTestMaster({ JARVIS_DATA: dataFile })).rejects.toThrow(SchemaTooNewError);
    const after = openDatabase(dataFile);
    try {
      expect(
        (after.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name),
      ).toEqual(before);
      expect(readSchemasOfFile(dataFile)).toEqual({ household: HOUSEHOLD_MIGRATIONS.length + 1 });
    } finally {
      after.close();
    }
    expect(readdirSync(dir).filter((n) => n.includes('.before-'))).toEqual([]);
  });
});

describe('where a backup came from', () => {
  /** A backup of a fresh master's household, signed with that master's key. */
  async function signedBackup() {
    const m = await startTestMaster();
    const out = join(tempDir(), 'signed.jarvis-backup');
    try {
      await m.request('/api/tools/tasks_create', { json: { arguments: { title: 'Echte Aufgabe' } } });
      await createBackup(out, { appVersion: 'test', signer: loadOrCreateSigner(m.config.dataFile) }, (t) =>
        snapshotFile(m.config.dataFile, t),
      );
      return { out, key: loadOrCreateSigner(m.config.dataFile).key.fingerprint };
    } finally {
      await m.close();
    }
  }

  /** The attacker's copy: the backup's database with planted rows, packed again with a fresh checksum. */
  async function forged(from: string, plant: (db: ReturnType<typeof openDatabase>) => void, signer?: ReturnType<typeof ephemeralSigner>) {
    const work = tempDir();
    const archive = openArchive(from);
    const db = join(work, 'jarvis.db');
    try {
      archive.extract('jarvis.db', db);
    } finally {
      archive.close();
    }
    const handle = openDatabase(db);
    plant(handle);
    handle.close();
    const out = join(work, 'forged.jarvis-backup');
    const { files: _files, ...manifest } = archive.manifest;
    await writeArchive(out, manifest, [{ name: 'jarvis.db', path: db }], signer);
    return out;
  }

  const plantAccess = (db: ReturnType<typeof openDatabase>) => {
    const now = new Date().toISOString();
    db.prepare(
      'INSERT INTO access_devices (id, credential_sha256, member_id, name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run('dev_planted', 'a'.repeat(64), 'm_admin', 'Angreifer-Telefon', now, now);
    db.prepare('INSERT INTO mcp_tokens (id, name, token_sha256, created_at) VALUES (?, ?, ?, ?)').run(
      'mcp_planted',
      'x',
      'b'.repeat(64),
      now,
    );
    db.prepare('INSERT OR REPLACE INTO risk_policy (id, body, updated_at) VALUES (1, ?, ?)').run(JSON.stringify({ default: 'allow' }), now);
  };

  function restoreInto(file: string, machineKey: string, confirm: (s: BackupSummary) => boolean) {
    const target = tempDir();
    const dataFile = join(target, 'jarvis.db');
    writeFileSync(dataFile, 'current');
    const run = () =>
      restoreBackup(file, {
        dataFile,
        filesDir: join(target, 'rag-files'),
        settingsFile: join(target, 'settings.json'),
        knownSchemas: KNOWN_SCHEMAS,
        security: { machineKey, knownObjects: knownObjects(), confirmForeign: confirm },
      });
    return { run, dataFile };
  }

  it('a backup this machine signed restores without a question; another machine’s only after the household saw it and said yes', async () => {
    const { out, key } = await signedBackup();
    const asked: BackupSummary[] = [];
    const own = restoreInto(out, key, (s) => (asked.push(s), false));
    own.run();
    expect(asked).toEqual([]);
    expect(readFileSync(own.dataFile).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');

    const elsewhere = restoreInto(out, 'SHA256:another-machine', (s) => (asked.push(s), false));
    expect(elsewhere.run).toThrow(/signed by another machine .* not confirmed; nothing was changed/);
    expect(readFileSync(elsewhere.dataFile, 'utf8')).toBe('current');
    expect(asked[0]).toMatchObject({ signedBy: key, appVersion: 'test', holds: { household_tasks: 1, access_devices: 0, mcp_tokens: 0 } });
    const yes = restoreInto(out, 'SHA256:another-machine', () => true);
    expect(() => yes.run()).not.toThrow();
  });

  it('a forged backup with a recomputed checksum (planted device, MCP token, allow-all policy) is refused; the summary shows the plants', async () => {
    const { out, key } = await signedBackup();
    const asked: BackupSummary[] = [];
    for (const signer of [undefined, ephemeralSigner()]) {
      const file = await forged(out, plantAccess, signer);
      const r = restoreInto(file, key, (s) => (asked.push(s), false));
      expect(r.run).toThrow(/not confirmed; nothing was changed/);
      expect(readFileSync(r.dataFile, 'utf8')).toBe('current');
    }
    expect(asked.map((s) => s.signedBy)).toEqual([undefined, expect.stringMatching(/^SHA256:/)]);
    for (const s of asked) expect(s.holds).toMatchObject({ access_devices: 1, mcp_tokens: 1 });
    // The machine's own signature over a changed file does not hold once the checksum is recomputed.
    const file = await forged(out, plantAccess, ephemeralSigner());
    const blockOf = (b: Buffer) => b.subarray(b.length - 4 - b.readUInt32BE(b.length - 4));
    const bytes = readFileSync(file);
    const resigned = Buffer.concat([bytes.subarray(0, bytes.length - blockOf(bytes).length), blockOf(readFileSync(out))]);
    writeFileSync(file, resigned);
    expect(restoreInto(file, key, () => true).run).toThrow(/signature that does not match/);
  });

  it('refuses a live SQL trigger, a view or a table JARVIS does not know, even when the household would say yes', async () => {
    const { out } = await signedBackup();
    const plants = [
      "CREATE TRIGGER grant_admin AFTER INSERT ON household_tasks BEGIN UPDATE risk_policy SET body = '{}'; END",
      'CREATE VIEW everything AS SELECT * FROM household_tasks',
      'CREATE TABLE smuggled (x TEXT)',
      // A known trigger's name with other code.
      'DROP TRIGGER rag_chunks_ai; CREATE TRIGGER rag_chunks_ai AFTER INSERT ON rag_chunks BEGIN DELETE FROM household_tasks; END',
    ];
    for (const sql of plants) {
      const file = await forged(out, (db) => db.exec(sql));
      const r = restoreInto(file, 'SHA256:any', () => true);
      expect(r.run, sql).toThrow(/holds what JARVIS never creates .*nothing was changed/);
      expect(readFileSync(r.dataFile, 'utf8')).toBe('current');
    }
  });

  it('writes backups readable by their owner only', async () => {
    const { out } = await signedBackup();
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });
});
