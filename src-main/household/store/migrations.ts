import type { Migration } from '../../platform/database/migrations';
import { addGroceryAmounts, type GroceryAmount } from '../../../src-shared';
import { groceryKey, groceryLineKey } from './grocery-key';

// Household schema, component 'household'. Times are epoch milliseconds (indexed ranges);
// the home layer renders them as RFC3339 in JARVIS_TIMEZONE. Lists are JSON text.
export const HOUSEHOLD_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'household tables',
    up(db) {
      db.exec(`
        CREATE TABLE household_events (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          start_ms INTEGER NOT NULL,
          end_ms INTEGER NOT NULL,
          duration_ms INTEGER NOT NULL,
          all_day INTEGER NOT NULL CHECK (all_day IN (0, 1)),
          location TEXT NOT NULL DEFAULT '',
          notes TEXT NOT NULL DEFAULT '',
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL,
          CHECK (end_ms >= start_ms)
        );
        CREATE INDEX household_events_start ON household_events (start_ms);
        -- MAX(duration_ms) bounds how far before a window an overlapping event can start.
        CREATE INDEX household_events_duration ON household_events (duration_ms);

        CREATE TABLE household_tasks (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          notes TEXT NOT NULL DEFAULT '',
          due_ms INTEGER,
          priority TEXT NOT NULL CHECK (priority IN ('low', 'normal', 'high')),
          status TEXT NOT NULL CHECK (status IN ('open', 'in_progress', 'done')),
          tags TEXT NOT NULL DEFAULT '[]',
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL
        );

        CREATE TABLE household_reminders (
          id TEXT PRIMARY KEY,
          text TEXT NOT NULL,
          at_ms INTEGER NOT NULL,
          source TEXT NOT NULL CHECK (source IN ('manual', 'event')),
          event_id TEXT REFERENCES household_events (id) ON DELETE CASCADE,
          fired_ms INTEGER,
          created_ms INTEGER NOT NULL
        );
        CREATE INDEX household_reminders_at ON household_reminders (at_ms);
        CREATE INDEX household_reminders_pending ON household_reminders (at_ms) WHERE fired_ms IS NULL;
        CREATE INDEX household_reminders_event ON household_reminders (event_id);

        CREATE TABLE household_recipes (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          servings INTEGER NOT NULL CHECK (servings > 0),
          ingredients TEXT NOT NULL DEFAULT '[]',
          steps TEXT NOT NULL DEFAULT '[]',
          tags TEXT NOT NULL DEFAULT '[]',
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL
        );

        CREATE TABLE household_meals (
          id TEXT PRIMARY KEY,
          date TEXT NOT NULL,
          meal TEXT NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
          title TEXT NOT NULL,
          recipe_id TEXT REFERENCES household_recipes (id) ON DELETE SET NULL,
          servings INTEGER NOT NULL CHECK (servings > 0),
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL
        );
        CREATE INDEX household_meals_date ON household_meals (date);

        CREATE TABLE household_groceries (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          quantity REAL,
          unit TEXT,
          checked INTEGER NOT NULL DEFAULT 0 CHECK (checked IN (0, 1)),
          source TEXT NOT NULL CHECK (source IN ('manual', 'mealplan')),
          -- For derived rows: normalised name + unit, the aggregation key.
          derived_key TEXT,
          meal_ids TEXT NOT NULL DEFAULT '[]',
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX household_groceries_derived ON household_groceries (derived_key) WHERE source = 'mealplan';

        CREATE TABLE household_kanban (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          column_name TEXT NOT NULL CHECK (column_name IN ('BACKLOG', 'TODO', 'DOING', 'DONE')),
          position INTEGER NOT NULL,
          task_id TEXT UNIQUE REFERENCES household_tasks (id) ON DELETE CASCADE,
          manual_override INTEGER NOT NULL DEFAULT 0 CHECK (manual_override IN (0, 1)),
          created_ms INTEGER NOT NULL,
          updated_ms INTEGER NOT NULL
        );
        CREATE INDEX household_kanban_column ON household_kanban (column_name, position);
      `);
    },
  },
  {
    version: 2,
    name: 'calendar import keeps ICS UIDs',
    up(db) {
      // Re-importing the same ICS file updates its events instead of doubling them.
      db.exec(`
        ALTER TABLE household_events ADD COLUMN ics_uid TEXT;
        CREATE UNIQUE INDEX household_events_ics_uid ON household_events (ics_uid) WHERE ics_uid IS NOT NULL;
      `);
    },
  },
  {
    version: 3,
    name: 'groceries keyed by name and unit',
    up(db) {
      // Manual items carry their aggregation key too, so adding "Milch" again finds the
      // open item by index instead of reading the whole list.
      db.exec('CREATE INDEX household_groceries_key ON household_groceries (derived_key, source, checked)');
      const rows = db.prepare("SELECT id, name, unit FROM household_groceries WHERE source = 'manual'").all() as {
        id: string;
        name: string;
        unit: string | null;
      }[];
      const setKey = db.prepare('UPDATE household_groceries SET derived_key = ? WHERE id = ?');
      for (const r of rows) setKey.run(groceryKey(r.name, r.unit), r.id);
    },
  },
  {
    version: 4,
    name: 'events indexed by start and end',
    up(db) {
      // A range query scans from the window start minus the longest event; with the end in
      // the index, events that ended before the window are skipped without reading their
      // rows (one two-week holiday would otherwise cost two weeks of row reads per list).
      db.exec(`
        CREATE INDEX household_events_span ON household_events (start_ms, end_ms);
        DROP INDEX household_events_start;
      `);
    },
  },
  {
    version: 5,
    name: 'recurring events',
    up(db) {
      // A series is one row with its rule; its occurrences are computed when listed. The
      // exceptions are keyed by the occurrence's original start (its RECURRENCE-ID).
      // series_end_ms (end of the last occurrence, NULL while endless) lets a list skip
      // finished series; reminded_through_ms is the occurrence the series last reminded of.
      db.exec(`
        ALTER TABLE household_events ADD COLUMN rrule TEXT;
        ALTER TABLE household_events ADD COLUMN exdates TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE household_events ADD COLUMN tzid TEXT;
        ALTER TABLE household_events ADD COLUMN series_end_ms INTEGER;
        ALTER TABLE household_events ADD COLUMN reminded_through_ms INTEGER;
        CREATE INDEX household_events_series ON household_events (start_ms) WHERE rrule IS NOT NULL;

        CREATE TABLE household_event_overrides (
          event_id TEXT NOT NULL REFERENCES household_events (id) ON DELETE CASCADE,
          occurrence_ms INTEGER NOT NULL,
          title TEXT NOT NULL,
          start_ms INTEGER NOT NULL,
          end_ms INTEGER NOT NULL,
          all_day INTEGER NOT NULL CHECK (all_day IN (0, 1)),
          location TEXT NOT NULL DEFAULT '',
          notes TEXT NOT NULL DEFAULT '',
          updated_ms INTEGER NOT NULL,
          PRIMARY KEY (event_id, occurrence_ms),
          CHECK (end_ms >= start_ms)
        );
        CREATE INDEX household_event_overrides_span ON household_event_overrides (start_ms, end_ms);
        -- A list looks up which occurrences in its window were changed, for all series at once.
        CREATE INDEX household_event_overrides_occurrence ON household_event_overrides (occurrence_ms);

        ALTER TABLE household_reminders ADD COLUMN occurrence_ms INTEGER;

        ALTER TABLE household_tasks ADD COLUMN ics_uid TEXT;
        CREATE UNIQUE INDEX household_tasks_ics_uid ON household_tasks (ics_uid) WHERE ics_uid IS NOT NULL;
      `);
    },
  },
  {
    version: 6,
    name: 'household members and assignees',
    up(db) {
      // An item's assignee is one member or nobody (everyone's). Removing a member first
      // unassigns their items in the service; the foreign key keeps a stray id impossible.
      db.exec(`
        CREATE TABLE household_members (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          color TEXT NOT NULL,
          initial TEXT NOT NULL,
          language TEXT NOT NULL CHECK (language IN ('de', 'en')),
          is_admin INTEGER NOT NULL CHECK (is_admin IN (0, 1)),
          is_desktop INTEGER NOT NULL DEFAULT 0 CHECK (is_desktop IN (0, 1)),
          created_ms INTEGER NOT NULL
        );
        CREATE UNIQUE INDEX household_members_name ON household_members (name COLLATE NOCASE);
        CREATE UNIQUE INDEX household_members_desktop ON household_members (is_desktop) WHERE is_desktop = 1;

        ALTER TABLE household_tasks ADD COLUMN assignee TEXT REFERENCES household_members (id) ON DELETE SET NULL;
        ALTER TABLE household_events ADD COLUMN assignee TEXT REFERENCES household_members (id) ON DELETE SET NULL;
        ALTER TABLE household_reminders ADD COLUMN assignee TEXT REFERENCES household_members (id) ON DELETE SET NULL;
        ALTER TABLE household_kanban ADD COLUMN assignee TEXT REFERENCES household_members (id) ON DELETE SET NULL;
        CREATE INDEX household_tasks_assignee ON household_tasks (assignee) WHERE assignee IS NOT NULL;
        CREATE INDEX household_events_assignee ON household_events (assignee) WHERE assignee IS NOT NULL;
        CREATE INDEX household_reminders_assignee ON household_reminders (assignee) WHERE assignee IS NOT NULL;
        CREATE INDEX household_kanban_assignee ON household_kanban (assignee) WHERE assignee IS NOT NULL;
      `);
    },
  },
  {
    version: 7,
    name: 'events for several members',
    up(db) {
      // An event may be for several people (the parents' evening for both parents). The
      // list keeps its order; `household_events.assignee` stays the first of it, so what
      // reads one assignee keeps working. Removing a member or an event removes its rows.
      db.exec(`
        CREATE TABLE household_event_assignees (
          event_id TEXT NOT NULL REFERENCES household_events (id) ON DELETE CASCADE,
          member_id TEXT NOT NULL REFERENCES household_members (id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          PRIMARY KEY (event_id, member_id)
        );
        CREATE INDEX household_event_assignees_member ON household_event_assignees (member_id);
        INSERT INTO household_event_assignees (event_id, member_id, position)
          SELECT id, assignee, 0 FROM household_events WHERE assignee IS NOT NULL;
      `);
    },
  },
  {
    version: 8,
    name: 'repeating tasks',
    up(db) {
      // A repeating task (a chore) keeps its rule; ticking it off leaves the done task as
      // history and adds the next one. series_id ties the occurrences together.
      db.exec(`
        ALTER TABLE household_tasks ADD COLUMN rrule TEXT;
        ALTER TABLE household_tasks ADD COLUMN series_id TEXT;
        CREATE INDEX household_tasks_series ON household_tasks (series_id) WHERE series_id IS NOT NULL;
      `);
    },
  },
  {
    version: 9,
    name: 'member roles',
    up(db) {
      // Admins keep admin, everyone else becomes an adult; the first member (the desktop's,
      // else the earliest) is an admin, so a household never lacks one. is_admin stays as
      // the role's shadow for older readers of the table.
      db.exec(`
        ALTER TABLE household_members ADD COLUMN role TEXT NOT NULL DEFAULT 'adult' CHECK (role IN ('admin', 'adult', 'child', 'guest'));
        UPDATE household_members SET role = 'admin' WHERE is_admin = 1;
        UPDATE household_members SET role = 'admin', is_admin = 1 WHERE id = (
          SELECT id FROM household_members ORDER BY is_desktop DESC, created_ms, rowid LIMIT 1
        );
      `);
    },
  },
  {
    version: 10,
    name: 'reminder lead per event',
    up(db) {
      // A calendar app's own alarm ("15 minutes before") is kept with the event, so its
      // reminder follows the event at that distance; null keeps the household's 30 minutes.
      db.exec('ALTER TABLE household_events ADD COLUMN reminder_minutes INTEGER');
    },
  },
  {
    version: 11,
    name: 'one grocery line per item with several amounts',
    up(db) {
      // A line keeps the family's amounts and the meal plan's apart (the plan's part is
      // rewritten by every sync), keyed by the item's name alone. Open lines of one item
      // become one, as adding it again would now do; the plan's rows of one item too (the
      // plan may hold one line per item, checked or not).
      db.exec(`
        ALTER TABLE household_groceries ADD COLUMN amounts TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE household_groceries ADD COLUMN plan_amounts TEXT NOT NULL DEFAULT '[]';
        DROP INDEX household_groceries_derived;
      `);
      interface Old {
        id: string;
        name: string;
        quantity: number | null;
        unit: string | null;
        checked: number;
        source: 'manual' | 'mealplan';
        meal_ids: string;
      }
      const rows = db
        .prepare('SELECT id, name, quantity, unit, checked, source, meal_ids FROM household_groceries ORDER BY created_ms, rowid')
        .all() as Old[];
      const one = (r: Old): GroceryAmount[] => addGroceryAmounts([], [{ quantity: r.quantity, unit: r.unit }]);
      interface Line {
        id: string;
        amounts: GroceryAmount[];
        planAmounts: GroceryAmount[];
        checked: boolean;
        source: 'manual' | 'mealplan';
        mealIds: string[];
        key: string;
        hasPlan: boolean;
      }
      const lines: Line[] = [];
      const gone: string[] = [];
      for (const r of rows) {
        const key = groceryLineKey(r.name);
        const planned = r.source === 'mealplan';
        const line: Line = {
          id: r.id,
          amounts: planned ? [] : one(r),
          planAmounts: planned ? one(r) : [],
          checked: r.checked === 1,
          source: r.source,
          // An edited plan row became the family's own: it holds no plan part any more.
          mealIds: planned ? (JSON.parse(r.meal_ids) as string[]) : [],
          key,
          hasPlan: planned,
        };
        const planLine = planned ? lines.find((l) => l.key === key && l.hasPlan) : undefined;
        const openLine = line.checked ? undefined : lines.find((l) => l.key === key && !l.checked && !(planned && l.hasPlan));
        const into = planLine ?? openLine;
        if (!into) {
          lines.push(line);
          continue;
        }
        into.amounts = addGroceryAmounts(into.amounts, line.amounts);
        into.planAmounts = addGroceryAmounts(into.planAmounts, line.planAmounts);
        into.mealIds = [...into.mealIds, ...line.mealIds.filter((m) => !into.mealIds.includes(m))];
        into.checked = into.checked && line.checked;
        if (line.source === 'manual') into.source = 'manual';
        into.hasPlan ||= planned;
        gone.push(r.id);
      }
      const set = db.prepare(
        'UPDATE household_groceries SET amounts = ?, plan_amounts = ?, quantity = ?, unit = ?, checked = ?, source = ?, meal_ids = ?, derived_key = ? WHERE id = ?',
      );
      for (const l of lines) {
        const first = addGroceryAmounts(l.amounts, l.planAmounts)[0];
        set.run(
          JSON.stringify(l.amounts),
          JSON.stringify(l.planAmounts),
          first?.quantity ?? null,
          first?.unit ?? null,
          l.checked ? 1 : 0,
          l.source,
          JSON.stringify(l.mealIds),
          l.key,
          l.id,
        );
      }
      const drop = db.prepare('DELETE FROM household_groceries WHERE id = ?');
      for (const id of gone) drop.run(id);
      db.exec("CREATE UNIQUE INDEX household_groceries_planned ON household_groceries (derived_key) WHERE meal_ids <> '[]'");
    },
  },
];
