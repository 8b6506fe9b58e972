import type { Db } from '../../platform/database/database';
import type { GroceryRecord } from './records';

interface Row {
  id: string;
  name: string;
  quantity: number | null;
  unit: string | null;
  checked: number;
  source: GroceryRecord['source'];
  derived_key: string | null;
  meal_ids: string;
  created_ms: number;
  updated_ms: number;
}

const fromRow = (r: Row): GroceryRecord => ({
  id: r.id,
  name: r.name,
  quantity: r.quantity,
  unit: r.unit,
  checked: r.checked === 1,
  source: r.source,
  derivedKey: r.derived_key,
  mealIds: JSON.parse(r.meal_ids) as string[],
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
});

const toParams = (g: GroceryRecord) => ({ ...g, checked: g.checked ? 1 : 0, mealIds: JSON.stringify(g.mealIds) });

/** The list in the order screens show it; `first` takes its head. */
const LISTED = 'SELECT * FROM household_groceries ORDER BY checked, created_ms, rowid';

export class GroceryRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly allStmt;
  private readonly firstStmt;
  private readonly totalStmt;
  private readonly derivedStmt;
  private readonly openManualStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_groceries (id, name, quantity, unit, checked, source, derived_key, meal_ids, created_ms, updated_ms) VALUES (@id, @name, @quantity, @unit, @checked, @source, @derivedKey, @mealIds, @createdMs, @updatedMs)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_groceries SET name = @name, quantity = @quantity, unit = @unit, checked = @checked, source = @source, derived_key = @derivedKey, meal_ids = @mealIds, updated_ms = @updatedMs WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_groceries WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_groceries WHERE id = ?');
    this.allStmt = db.prepare<[], Row>(LISTED);
    this.firstStmt = db.prepare<[number], Row>(`${LISTED} LIMIT ?`);
    this.totalStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM household_groceries');
    this.openManualStmt = db.prepare<[string], Row>(
      "SELECT * FROM household_groceries WHERE derived_key = ? AND source = 'manual' AND checked = 0 ORDER BY created_ms, rowid",
    );
    this.derivedStmt = db.prepare<[], Row>("SELECT * FROM household_groceries WHERE source = 'mealplan' ORDER BY created_ms, rowid");
  }

  insert(g: GroceryRecord): void {
    this.insertStmt.run(toParams(g));
  }

  update(g: GroceryRecord): void {
    this.updateStmt.run(toParams(g));
  }

  get(id: string): GroceryRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  all(): GroceryRecord[] {
    return this.allStmt.all().map(fromRow);
  }

  /** The first `limit` in the order of all(), for views that show a bounded list. */
  first(limit: number): GroceryRecord[] {
    return this.firstStmt.all(limit).map(fromRow);
  }

  total(): number {
    return this.totalStmt.get()!.n;
  }

  /** Open manual items with this aggregation key (name + unit). */
  openManual(key: string): GroceryRecord[] {
    return this.openManualStmt.all(key).map(fromRow);
  }

  derived(): GroceryRecord[] {
    return this.derivedStmt.all().map(fromRow);
  }
}
