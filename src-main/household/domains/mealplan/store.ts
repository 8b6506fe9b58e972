import type { Db } from '../../../platform/database/database';
import type { MealRecord } from '../../store/records';

interface Row {
  id: string;
  date: string;
  meal: MealRecord['meal'];
  title: string;
  recipe_id: string | null;
  servings: number;
  created_ms: number;
  updated_ms: number;
}

const fromRow = (r: Row): MealRecord => ({
  id: r.id,
  date: r.date,
  meal: r.meal,
  title: r.title,
  recipeId: r.recipe_id,
  servings: r.servings,
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
});

export class MealRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly deleteStmt;
  private readonly rangeStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_meals (id, date, meal, title, recipe_id, servings, created_ms, updated_ms) VALUES (@id, @date, @meal, @title, @recipeId, @servings, @createdMs, @updatedMs)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_meals SET date = @date, meal = @meal, title = @title, recipe_id = @recipeId, servings = @servings, updated_ms = @updatedMs WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_meals WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM household_meals WHERE id = ?');
    this.rangeStmt = db.prepare<[string, string], Row>(
      "SELECT * FROM household_meals WHERE date >= ? AND date < ? ORDER BY date, CASE meal WHEN 'breakfast' THEN 0 WHEN 'lunch' THEN 1 WHEN 'dinner' THEN 2 ELSE 3 END, created_ms, rowid",
    );
  }

  insert(m: MealRecord): void {
    this.insertStmt.run(m);
  }

  update(m: MealRecord): void {
    this.updateStmt.run(m);
  }

  get(id: string): MealRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  delete(id: string): void {
    this.deleteStmt.run(id);
  }

  /** Meals with fromDate <= date < toDate (YYYY-MM-DD compares as text). */
  between(fromDate: string, toDate: string): MealRecord[] {
    return this.rangeStmt.all(fromDate, toDate).map(fromRow);
  }
}
