import { addGroceryAmounts, type GroceryAmount } from '../../../../src-shared';
import type { Db } from '../../../platform/database/database';
import type { GroceryRecord } from '../../store/records';

interface Row {
  id: string;
  name: string;
  amounts: string;
  plan_amounts: string;
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
  amounts: JSON.parse(r.amounts) as GroceryAmount[],
  planAmounts: JSON.parse(r.plan_amounts) as GroceryAmount[],
  checked: r.checked === 1,
  source: r.source,
  derivedKey: r.derived_key,
  mealIds: JSON.parse(r.meal_ids) as string[],
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
});

// quantity and unit keep the line's first amount for older readers of the table; amounts and
// plan_amounts are what the app reads.
const toParams = (g: GroceryRecord) => {
  const first = addGroceryAmounts(g.amounts, g.planAmounts)[0];
  return {
    id: g.id,
    name: g.name,
    quantity: first?.quantity ?? null,
    unit: first?.unit ?? null,
    amounts: JSON.stringify(g.amounts),
    planAmounts: JSON.stringify(g.planAmounts),
    checked: g.checked ? 1 : 0,
    source: g.source,
    derivedKey: g.derivedKey,
    mealIds: JSON.stringify(g.mealIds),
    createdMs: g.createdMs,
    updatedMs: g.updatedMs,
  };
};

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
  private readonly plannedStmt;
  private readonly openStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_groceries (id, name, quantity, unit, amounts, plan_amounts, checked, source, derived_key, meal_ids, created_ms, updated_ms) VALUES (@id, @name, @quantity, @unit, @amounts, @planAmounts, @checked, @source, @derivedKey, @mealIds, @createdMs, @updatedMs)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_groceries SET name = @name, quantity = @quantity, unit = @unit, amounts = @amounts, plan_amounts = @planAmounts, checked = @checked, source = @source, derived_key = @derivedKey, meal_ids = @mealIds, updated_ms = @updatedMs WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_groceries WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_groceries WHERE id = ?');
    this.allStmt = db.prepare<[], Row>(LISTED);
    this.firstStmt = db.prepare<[number], Row>(`${LISTED} LIMIT ?`);
    this.totalStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM household_groceries');
    this.openStmt = db.prepare<[string], Row>(
      'SELECT * FROM household_groceries WHERE derived_key = ? AND checked = 0 ORDER BY created_ms, rowid',
    );
    this.plannedStmt = db.prepare<[], Row>("SELECT * FROM household_groceries WHERE meal_ids <> '[]' ORDER BY created_ms, rowid");
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

  /** Open lines with this line key (groceryLineKey), of the family's or the plan's. */
  open(key: string): GroceryRecord[] {
    return this.openStmt.all(key).map(fromRow);
  }

  /** The lines that hold a part the meal plan needs. */
  planned(): GroceryRecord[] {
    return this.plannedStmt.all().map(fromRow);
  }
}
