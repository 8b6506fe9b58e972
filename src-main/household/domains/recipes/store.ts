import type { Db } from '../../../platform/database/database';
import type { RecipeRecord } from '../../store/records';

interface Row {
  id: string;
  title: string;
  servings: number;
  ingredients: string;
  steps: string;
  tags: string;
  created_ms: number;
  updated_ms: number;
}

const fromRow = (r: Row): RecipeRecord => ({
  id: r.id,
  title: r.title,
  servings: r.servings,
  ingredients: JSON.parse(r.ingredients) as RecipeRecord['ingredients'],
  steps: JSON.parse(r.steps) as string[],
  tags: JSON.parse(r.tags) as string[],
  createdMs: r.created_ms,
  updatedMs: r.updated_ms,
});

const toParams = (r: RecipeRecord) => ({
  ...r,
  ingredients: JSON.stringify(r.ingredients),
  steps: JSON.stringify(r.steps),
  tags: JSON.stringify(r.tags),
});

/** The list in the order screens show it; `first` takes its head. */
const LISTED = 'SELECT * FROM household_recipes ORDER BY title COLLATE NOCASE, id';

export class RecipeRepository {
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly getStmt;
  private readonly allStmt;
  private readonly firstStmt;
  private readonly totalStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO household_recipes (id, title, servings, ingredients, steps, tags, created_ms, updated_ms) VALUES (@id, @title, @servings, @ingredients, @steps, @tags, @createdMs, @updatedMs)',
    );
    this.updateStmt = db.prepare(
      'UPDATE household_recipes SET title = @title, servings = @servings, ingredients = @ingredients, steps = @steps, tags = @tags, updated_ms = @updatedMs WHERE id = @id',
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM household_recipes WHERE id = ?');
    this.allStmt = db.prepare<[], Row>(LISTED);
    this.firstStmt = db.prepare<[number], Row>(`${LISTED} LIMIT ?`);
    this.totalStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM household_recipes');
  }

  insert(r: RecipeRecord): void {
    this.insertStmt.run(toParams(r));
  }

  update(r: RecipeRecord): void {
    this.updateStmt.run(toParams(r));
  }

  get(id: string): RecipeRecord | undefined {
    const r = this.getStmt.get(id);
    return r && fromRow(r);
  }

  /** The recipe book is small (dozens to hundreds): search and matching run over all of it. */
  all(): RecipeRecord[] {
    return this.allStmt.all().map(fromRow);
  }

  /** The first `limit` in the order of all(), for views that show a bounded list. */
  first(limit: number): RecipeRecord[] {
    return this.firstStmt.all(limit).map(fromRow);
  }

  total(): number {
    return this.totalStmt.get()!.n;
  }
}
