import type { HomeState } from '../../../src-shared';

const stamp = '2026-12-01T08:00:00+01:00';

/** A small household on Tuesday 1 Dec 2026, 10:30 in Berlin. */
export function homeFixture(): HomeState {
  return {
    now: '2026-12-01T10:30:00+01:00',
    timezone: 'Europe/Berlin',
    events: [
      { id: 'evt_1', title: 'Zahnarzt', start: '2026-12-01T15:30:00+01:00', end: '2026-12-01T16:30:00+01:00', all_day: false, location: 'Praxis Weber', notes: '', created_at: stamp, updated_at: stamp, rrule: null, occurrence_start: null, overridden: false },
      { id: 'evt_2', title: 'Elternabend', start: '2026-12-03T19:00:00+01:00', end: '2026-12-03T20:30:00+01:00', all_day: false, location: '', notes: '', created_at: stamp, updated_at: stamp, rrule: null, occurrence_start: null, overridden: false },
    ],
    tasks: [
      { id: 'task_1', title: 'Steuererklärung abgeben', notes: '', due: '2026-11-30T00:00:00+01:00', priority: 'high', status: 'open', tags: ['finanzen'], created_at: stamp, updated_at: stamp },
      { id: 'task_2', title: 'Fahrrad reparieren', notes: '', due: null, priority: 'normal', status: 'in_progress', tags: [], created_at: stamp, updated_at: stamp },
      { id: 'task_3', title: 'Geschenke kaufen', notes: '', due: null, priority: 'low', status: 'done', tags: [], created_at: stamp, updated_at: stamp },
    ],
    reminders: [{ id: 'rem_1', text: 'Zahnarzt', at: '2026-12-01T15:00:00+01:00', source: 'event', event_id: 'evt_1', fired_at: null, created_at: stamp }],
    groceries: [
      { id: 'groc_1', name: 'Milch', quantity: 1, unit: 'l', checked: false, source: 'manual', meal_ids: [], created_at: stamp, updated_at: stamp },
      { id: 'groc_2', name: 'Spaghetti', quantity: 500, unit: 'g', checked: false, source: 'mealplan', meal_ids: ['meal_1'], created_at: stamp, updated_at: stamp },
    ],
    recipes: [
      {
        id: 'rec_1',
        title: 'Spaghetti Bolognese',
        servings: 4,
        ingredients: [
          { name: 'Spaghetti', quantity: 500, unit: 'g' },
          { name: 'Hackfleisch', quantity: 400, unit: 'g' },
        ],
        steps: ['Kochen'],
        tags: [],
        created_at: stamp,
        updated_at: stamp,
      },
    ],
    meals: [{ id: 'meal_1', date: '2026-12-01', meal: 'dinner', title: 'Spaghetti Bolognese', recipe_id: 'rec_1', servings: 4, created_at: stamp, updated_at: stamp }],
    kanban: [
      { id: 'card_1', title: 'Steuererklärung abgeben', column: 'TODO', order: 0, task_id: 'task_1', manual_override: false, created_at: stamp, updated_at: stamp },
      { id: 'card_2', title: 'Fahrrad reparieren', column: 'DOING', order: 0, task_id: 'task_2', manual_override: false, created_at: stamp, updated_at: stamp },
    ],
    system: {
      ollama: { state: 'off', detail: 'not checked yet (http://127.0.0.1:11434)', code: 'ollama.unchecked' },
      household: { state: 'ok', detail: 'reminder pass every 60000 ms', code: 'household.reminderPass', params: { seconds: 60 } },
    },
  };
}
