// JSON schemas of the core household tools: what the registry validates before anything
// runs and what the assistant sends to Ollama. Strict: no unknown properties, no coercion.
// They describe exactly the argument types in home.ts.

import type { RiskClass } from './risk';
import {
  HOME_MUTATING_TOOLS,
  KANBAN_COLUMNS,
  MEAL_SLOTS,
  RECURRENCE_SCOPES,
  SNOOZE_MAX_MINUTES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  WEEKDAYS,
  type HomeToolName,
} from './home';
import type { JsonSchemaObject } from './tools';

const wallTime = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Uhrzeit HH:MM (24 h)' } as const;

const assignee = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  description: 'Für wen: Name oder Id eines Mitglieds, "me" = wer fragt, "everyone" = für alle',
} as const;
const assigneeOrNull = { anyOf: [assignee, { type: 'null' }], description: 'Für wen (Name, Id, "me"); null = für alle' } as const;
/** Several people instead of `assignee` (names or ids; [] = everyone's). Kept short: every tool's schema goes into each prompt. */
// Each name is checked against the members (the first unknown one refuses the call), so neither
// the items nor the list need bounds of their own: the request body is bounded.
const assigneeList = { type: 'array', items: { type: 'string' } } as const;
const assigneeFilter = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  description: 'Nur die Einträge eines Mitglieds: Name oder Id; "mine" = die der fragenden Person; "everyone" = alle',
} as const;

/** relative | weekday | absolute. Dates are never computed by the model. */
export const SYMBOLIC_TIME_SCHEMA = {
  description: 'Symbolische Zeit; JARVIS rechnet sie in ein Datum um. Heute = relative/0, morgen = relative/1.',
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'offset_days'],
      properties: {
        kind: { const: 'relative' },
        offset_days: { type: 'integer', minimum: -366, maximum: 366, description: '0 = heute, 1 = morgen, -1 = gestern' },
        time: wallTime,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'weekday'],
      properties: {
        kind: { const: 'weekday' },
        weekday: { enum: [...WEEKDAYS] },
        force_next: { type: 'boolean', description: 'true = strikt nach heute ("nächsten Montag")' },
        time: wallTime,
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'date'],
      properties: {
        kind: { const: 'absolute' },
        date: { type: 'string', format: 'date', description: 'YYYY-MM-DD' },
        time: wallTime,
      },
    },
  ],
} as const;

/** A day without a time of day (the same three kinds): the last day of an all-day event. */
const SYMBOLIC_DAY_SCHEMA = {
  oneOf: SYMBOLIC_TIME_SCHEMA.oneOf.map(({ properties: { time: _time, ...properties }, ...branch }) => ({ ...branch, properties })),
};

const id = (prefix: string) => ({
  type: 'string',
  pattern: `^${prefix}[A-Za-z0-9]{1,64}$`,
  description: `Id (${prefix}…) aus einem Lese-Tool`,
});
// `\S`: a title of only spaces is no title.
const text = (max: number, description?: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: max,
  pattern: '\\S',
  ...(description ? { description } : {}),
});
/** A key the app sends with a create so a repeated send (offline outbox, retry) makes one entry. */
const clientId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Nur für die App (Wiederholungsschutz); nicht setzen.',
} as const;
const optionalText = (max: number) => ({ type: 'string', maxLength: max });
const days = (max: number, description: string) => ({ type: 'integer', minimum: 1, maximum: max, description });
const tags = { type: 'array', maxItems: 20, items: text(40) } as const;
const quantity = { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000 } as const;
const unit = { type: 'string', minLength: 1, maxLength: 20 } as const;
/** Minutes before the start the reminder comes (a calendar app's own alarm); the household's default is 30. */
const reminderMinutes = {
  type: 'integer',
  minimum: 0,
  maximum: 40320,
  description: 'Erinnerung so viele Minuten vorher (Standard 30)',
} as const;
const servings = { type: 'integer', minimum: 1, maximum: 100 } as const;
const ingredient = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: text(80),
    quantity: { anyOf: [quantity, { type: 'null' }] },
    unit: { anyOf: [unit, { type: 'null' }] },
  },
} as const;
const ingredients = { type: 'array', minItems: 0, maxItems: 100, items: ingredient } as const;
const steps = { type: 'array', maxItems: 100, items: text(2000) } as const;

/** The rule is checked (and refused in words) by the calendar tools; the schema only bounds it. */
const rrule = {
  type: 'string',
  minLength: 6,
  maxLength: 200,
  description:
    'Wiederholung als RFC-5545-RRULE ohne "RRULE:". Jeden Montag: FREQ=WEEKLY;BYDAY=MO. Jeden zweiten Dienstag: FREQ=WEEKLY;INTERVAL=2;BYDAY=TU. Werktags: FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR. Am 1. jeden Monats: FREQ=MONTHLY;BYMONTHDAY=1. Erster Montag im Monat: FREQ=MONTHLY;BYDAY=1MO. Jährlich: FREQ=YEARLY.',
} as const;
// Kept short: each core tool's definition counts against every model request's budget.
const taskRule = {
  type: 'string',
  minLength: 6,
  maxLength: 200,
  description: 'Wiederholung wie bei Terminen (rrule), z. B. FREQ=WEEKLY;BYDAY=SA',
} as const;
const occurrenceStart = {
  type: 'string',
  format: 'date-time',
  maxLength: 40,
  description: 'Ursprünglicher Beginn des gemeinten Termins einer Serie (occurrence_start aus calendar_list)',
} as const;
const lastDay = {
  ...SYMBOLIC_DAY_SCHEMA,
  description:
    'Nur ganztägig (when ohne Uhrzeit): letzter Tag, einschließlich, eines Termins über mehrere Tage. Urlaub vom 3. bis 7. Juni: when 3. Juni, last_day 7. Juni. Fehlt er, dauert ein ganztägiger Termin einen Tag.',
};
const scope = {
  enum: [...RECURRENCE_SCOPES],
  description: 'Bei Serien: this = nur dieser Termin, following = dieser und alle folgenden, all = alle (Standard)',
} as const;

function object(properties: Record<string, unknown>, required: readonly string[] = []): JsonSchemaObject {
  return { type: 'object', additionalProperties: false, properties, required: [...required] };
}

interface ToolSpec {
  /** Declared here, once: what the household's policy and the asker's role decide over. */
  readonly risk: RiskClass;
  readonly description: string;
  readonly input_schema: JsonSchemaObject;
}

/** Every core tool's description (German, as the assistant reads it) and input schema. */
export const HOME_TOOL_SPECS: Readonly<Record<HomeToolName, ToolSpec>> = {
  system_get_time: {
    risk: 'read',
    description: 'Aktuelles Datum, Uhrzeit, Wochentag und Zeitzone des Haushalts.',
    input_schema: object({}),
  },
  calendar_list: {
    risk: 'read',
    description:
      'Termine in einem Zeitraum auflisten (Standard: ab heute 7 Tage). Serien erscheinen als einzelne Termine mit occurrence_start.',
    input_schema: object({
      from: SYMBOLIC_TIME_SCHEMA,
      days: days(366, 'Anzahl Tage, Standard 7'),
      to: { ...SYMBOLIC_TIME_SCHEMA, description: 'Tag nach dem Zeitraum (statt days)' },
      query: optionalText(200),
      assignee: assigneeFilter,
    }),
  },
  calendar_create: {
    risk: 'reversible',
    description:
      'Termin anlegen. Ohne Uhrzeit ganztägig (mehrere Tage: last_day). Erinnerung automatisch 30 Minuten vorher. Wiederkehrend mit rrule, ab dem ersten passenden Tag ab when.',
    input_schema: object(
      {
        title: text(200),
        when: SYMBOLIC_TIME_SCHEMA,
        duration_minutes: { type: 'integer', minimum: 1, maximum: 10080, description: 'Dauer in Minuten, Standard 60' },
        last_day: lastDay,
        location: optionalText(200),
        notes: optionalText(4000),
        rrule,
        assignee,
        assignees: assigneeList,
        reminder_minutes: reminderMinutes,
      },
      ['title', 'when'],
    ),
  },
  calendar_update: {
    risk: 'reversible',
    description:
      'Termin ändern oder verschieben (die Erinnerung wandert mit). Bei Serien: scope und occurrence_start wählen, welche Termine.',
    input_schema: object(
      {
        id: id('evt_'),
        title: text(200),
        when: SYMBOLIC_TIME_SCHEMA,
        duration_minutes: { type: 'integer', minimum: 1, maximum: 10080 },
        last_day: {
          ...lastDay,
          description: 'Nur ganztägig: neuer letzter Tag (einschließlich); ohne ihn behält ein verschobener Termin seine Tage.',
        },
        location: optionalText(200),
        notes: optionalText(4000),
        occurrence_start: occurrenceStart,
        scope,
        rrule: {
          anyOf: [rrule, { type: 'null' }],
          description: 'Neue Regel; null beendet die Wiederholung (nur mit scope all oder following)',
        },
        assignee: assigneeOrNull,
        assignees: assigneeList,
        reminder_minutes: { anyOf: [reminderMinutes, { type: 'null' }] },
      },
      ['id'],
    ),
  },
  calendar_delete: {
    risk: 'disruptive',
    description: 'Termin löschen (seine Erinnerung ebenso). Bei Serien: scope this = nur dieser, following = ab diesem, all = ganze Serie.',
    input_schema: object({ id: id('evt_'), occurrence_start: occurrenceStart, scope }, ['id']),
  },
  tasks_list: {
    risk: 'read',
    description: 'Aufgaben auflisten (Standard: alle nicht erledigten).',
    input_schema: object({ status: { enum: [...TASK_STATUSES, 'all'] }, query: optionalText(200), assignee: assigneeFilter }),
  },
  tasks_create: {
    risk: 'reversible',
    description: 'Aufgabe anlegen (erscheint automatisch als Kanban-Karte).',
    input_schema: object(
      {
        title: text(200),
        notes: optionalText(4000),
        due: SYMBOLIC_TIME_SCHEMA,
        priority: { enum: [...TASK_PRIORITIES] },
        tags,
        assignee,
        rrule: taskRule,
        client_id: clientId,
      },
      ['title'],
    ),
  },
  tasks_update: {
    risk: 'reversible',
    description: 'Aufgabe ändern oder erledigen (status "done").',
    input_schema: object(
      {
        id: id('task_'),
        title: text(200),
        notes: optionalText(4000),
        due: { anyOf: [SYMBOLIC_TIME_SCHEMA, { type: 'null' }] },
        priority: { enum: [...TASK_PRIORITIES] },
        status: { enum: [...TASK_STATUSES] },
        tags,
        assignee: assigneeOrNull,
        rrule: { anyOf: [taskRule, { type: 'null' }] },
      },
      ['id'],
    ),
  },
  tasks_delete: {
    risk: 'disruptive',
    description: 'Aufgabe löschen (ihre Kanban-Karte ebenso).',
    input_schema: object({ id: id('task_') }, ['id']),
  },
  reminders_list: {
    risk: 'read',
    description: 'Erinnerungen auflisten (Standard: nur ausstehende).',
    input_schema: object({ include_fired: { type: 'boolean' }, assignee: assigneeFilter }),
  },
  reminders_create: {
    risk: 'reversible',
    description:
      'Erinnerung anlegen. Ohne Uhrzeit um 09:00. Ohne assignee ist sie für die fragende Person ("Erinnere mich"); "Erinnere Paul" = assignee "Paul".',
    input_schema: object({ text: text(500), when: SYMBOLIC_TIME_SCHEMA, assignee }, ['text', 'when']),
  },
  reminders_delete: {
    risk: 'disruptive',
    description: 'Erinnerung löschen.',
    input_schema: object({ id: id('rem_') }, ['id']),
  },
  reminders_snooze: {
    risk: 'reversible',
    // Short on purpose: every core tool's definition goes into each model request's budget.
    description: 'Erinnerung später nochmal: minutes ab jetzt (60).',
    input_schema: object({ id: id('rem_'), minutes: { type: 'integer', minimum: 1, maximum: SNOOZE_MAX_MINUTES } }, ['id']),
  },
  groceries_list: {
    risk: 'read',
    description: 'Einkaufsliste anzeigen (Standard: nur offene Einträge).',
    input_schema: object({ include_checked: { type: 'boolean' } }),
  },
  groceries_add: {
    risk: 'reversible',
    description: 'Artikel zur Einkaufsliste hinzufügen, z. B. name "Milch", quantity 2, unit "l".',
    input_schema: object({ name: text(80), quantity, unit, client_id: clientId }, ['name']),
  },
  groceries_update: {
    risk: 'reversible',
    description: 'Einkaufseintrag ändern oder abhaken (checked).',
    input_schema: object(
      {
        id: id('groc_'),
        name: text(80),
        quantity: { anyOf: [quantity, { type: 'null' }] },
        unit: { anyOf: [unit, { type: 'null' }] },
        amounts: {
          type: 'array',
          maxItems: 10,
          description: 'Alle Mengen der Zeile (ersetzt quantity/unit)',
          items: object({ quantity: { anyOf: [quantity, { type: 'null' }] }, unit: { anyOf: [unit, { type: 'null' }] } }, [
            'quantity',
            'unit',
          ]),
        },
        checked: { type: 'boolean' },
      },
      ['id'],
    ),
  },
  groceries_remove: {
    risk: 'disruptive',
    description: 'Eintrag von der Einkaufsliste entfernen.',
    input_schema: object({ id: id('groc_') }, ['id']),
  },
  groceries_sync_mealplan: {
    risk: 'reversible',
    description: 'Einkaufsliste aus dem Essensplan der nächsten Tage (Standard 14) neu ableiten; meldet Mahlzeiten ohne Rezept.',
    input_schema: object({ days: days(62, 'Vorschau in Tagen, Standard 14') }),
  },
  recipes_search: {
    risk: 'read',
    description: 'Rezepte nach Titel, Zutat oder Schlagwort suchen.',
    input_schema: object({ query: text(200), limit: { type: 'integer', minimum: 1, maximum: 50 } }, ['query']),
  },
  recipes_get: {
    risk: 'read',
    description: 'Ein Rezept mit Zutaten und Schritten lesen.',
    input_schema: object({ id: id('rec_') }, ['id']),
  },
  recipes_create: {
    risk: 'reversible',
    description: 'Rezept mit Portionen, Zutaten (Menge, Einheit) und Schritten anlegen.',
    input_schema: object({ title: text(200), servings, ingredients, steps, tags }, ['title', 'servings', 'ingredients']),
  },
  recipes_list: {
    risk: 'read',
    description: 'Alle Rezepte des Rezeptbuchs auflisten (optional nach Schlagwort).',
    input_schema: object({ tag: text(40) }),
  },
  recipes_update: {
    risk: 'reversible',
    description: 'Rezept ändern; die abgeleitete Einkaufsliste folgt automatisch.',
    input_schema: object({ id: id('rec_'), title: text(200), servings, ingredients, steps, tags }, ['id']),
  },
  mealplan_list: {
    risk: 'read',
    description: 'Essensplan in einem Zeitraum (Standard: ab heute 7 Tage).',
    input_schema: object({ from: SYMBOLIC_TIME_SCHEMA, days: days(366, 'Anzahl Tage, Standard 7'), meal: { enum: [...MEAL_SLOTS] } }),
  },
  mealplan_create: {
    risk: 'reversible',
    description: 'Mahlzeit planen (title und/oder recipe_id). Mit Rezept landen die Zutaten skaliert auf der Einkaufsliste.',
    input_schema: object(
      { title: text(200), recipe_id: id('rec_'), when: SYMBOLIC_TIME_SCHEMA, meal: { enum: [...MEAL_SLOTS] }, servings },
      ['when', 'meal'],
    ),
  },
  mealplan_update: {
    risk: 'reversible',
    description: 'Geplante Mahlzeit ändern oder verschieben; die Einkaufsliste folgt.',
    input_schema: object(
      {
        id: id('meal_'),
        title: text(200),
        recipe_id: { anyOf: [id('rec_'), { type: 'null' }] },
        when: SYMBOLIC_TIME_SCHEMA,
        meal: { enum: [...MEAL_SLOTS] },
        servings,
      },
      ['id'],
    ),
  },
  mealplan_delete: {
    risk: 'disruptive',
    description: 'Geplante Mahlzeit löschen; ihre Zutaten verlassen die Einkaufsliste.',
    input_schema: object({ id: id('meal_') }, ['id']),
  },
  kanban_list: {
    risk: 'read',
    description: 'Kanban-Karten auflisten.',
    input_schema: object({ column: { enum: [...KANBAN_COLUMNS] }, assignee: assigneeFilter }),
  },
  kanban_create: {
    risk: 'reversible',
    description: 'Kanban-Karte anlegen (optional mit einer Aufgabe verknüpft).',
    input_schema: object({ title: text(200), column: { enum: [...KANBAN_COLUMNS] }, task_id: id('task_'), assignee, client_id: clientId }, [
      'title',
    ]),
  },
  kanban_move: {
    risk: 'reversible',
    description: 'Kanban-Karte in eine Spalte verschieben (und mit assignee jemandem zuordnen).',
    input_schema: object(
      {
        id: id('card_'),
        column: { enum: [...KANBAN_COLUMNS] },
        order: { type: 'integer', minimum: 0, maximum: 100000 },
        assignee: assigneeOrNull,
      },
      ['id', 'column'],
    ),
  },
  kanban_delete: {
    risk: 'disruptive',
    description: 'Kanban-Karte löschen.',
    input_schema: object({ id: id('card_') }, ['id']),
  },
};

export function homeToolMutates(name: HomeToolName): boolean {
  return HOME_MUTATING_TOOLS.includes(name);
}

/** The risk class the tool's spec declares. */
export function homeToolRisk(name: HomeToolName): RiskClass {
  return HOME_TOOL_SPECS[name].risk;
}

// ---------------------------------------------------------------------------
// Recipes as a JSON file (export and import).

export const RECIPES_FILE_FORMAT = 'jarvis.recipes.v1';

export interface RecipesFile {
  readonly format: typeof RECIPES_FILE_FORMAT;
  readonly exported_at?: string;
  readonly recipes: readonly {
    readonly title: string;
    readonly servings: number;
    readonly ingredients: readonly { readonly name: string; readonly quantity?: number | null; readonly unit?: string | null }[];
    readonly steps?: readonly string[];
    readonly tags?: readonly string[];
  }[];
}

export const RECIPES_FILE_SCHEMA: JsonSchemaObject = object(
  {
    format: { const: RECIPES_FILE_FORMAT },
    exported_at: { type: 'string', maxLength: 40 },
    recipes: {
      type: 'array',
      maxItems: 5000,
      items: object({ title: text(200), servings, ingredients, steps, tags }, ['title', 'servings', 'ingredients']),
    },
  },
  ['format', 'recipes'],
);
