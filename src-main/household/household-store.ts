// The household's tables of one database: each list's repository (in its domain folder),
// the members and client requests, and the one transaction they share.
import type { Db } from '../platform/database/database';
import { applyMigrations } from '../platform/database/migrations';
import { ClientRequestRepository } from './store/client-requests';
import { MemberRepository } from './store/members';
import { HOUSEHOLD_MIGRATIONS } from './store/migrations';
import { HOUSEHOLD_COMPONENT } from './store';
import { EventRepository } from './domains/calendar/store';
import { GroceryRepository } from './domains/groceries/store';
import { KanbanRepository } from './domains/kanban/store';
import { MealRepository } from './domains/mealplan/store';
import { RecipeRepository } from './domains/recipes/store';
import { ReminderRepository } from './domains/reminders/store';
import { TaskRepository } from './domains/tasks/store';

/** The household tables of one database: repositories and the transaction they share. */
export class HouseholdStore {
  readonly events: EventRepository;
  readonly tasks: TaskRepository;
  readonly reminders: ReminderRepository;
  readonly groceries: GroceryRepository;
  readonly recipes: RecipeRepository;
  readonly meals: MealRepository;
  readonly kanban: KanbanRepository;
  readonly clientRequests: ClientRequestRepository;
  readonly members: MemberRepository;

  /** One wrapper for every transaction: building a better-sqlite3 transaction per call is not free. */
  private readonly runInTransaction: (fn: () => unknown) => unknown;

  /** Applies pending migrations first; a newer schema throws SchemaTooNewError untouched. */
  constructor(private readonly db: Db) {
    applyMigrations(db, HOUSEHOLD_COMPONENT, HOUSEHOLD_MIGRATIONS);
    this.runInTransaction = db.transaction((fn: () => unknown) => fn());
    this.events = new EventRepository(db);
    this.tasks = new TaskRepository(db);
    this.reminders = new ReminderRepository(db);
    this.groceries = new GroceryRepository(db);
    this.recipes = new RecipeRepository(db);
    this.meals = new MealRepository(db);
    this.kanban = new KanbanRepository(db);
    this.clientRequests = new ClientRequestRepository(db);
    this.members = new MemberRepository(db);
  }

  /** Runs fn in one SQLite transaction (a savepoint when nested); a throw rolls it all back. */
  transaction<T>(fn: () => T): T {
    return this.runInTransaction(fn) as T;
  }

  /** "ok" when SQLite finds the file consistent (PRAGMA integrity_check). */
  integrityCheck(): string {
    return (this.db.pragma('integrity_check', { simple: true }) as string) ?? '';
  }
}
