import { describe, expect, it } from 'vitest';
import { HOME_TOOL_SPECS, isFamilyText, type ExecutedToolCall, type ToolResult } from '../../src-shared';
import { createHouseholdFixture } from '../testing/household';
import { failureWords } from './failure-words';
import { replyFromResults, type Lang } from './replies';

// Every household tool's reply, as the family reads it in chat, in both languages: after a
// change, after a read and after each kind of refusal. None may show an id, a tool's name, a
// setting, a recurrence rule or a program error; an English reply has no German in it.
// The titles are words both languages share, so what is checked is JARVIS's own words.

const MONDAY = '2026-11-30T09:00:00Z';
const GERMAN =
  /[äöüßÄÖÜ]|\b(der|die|das|und|nicht|ist|eingetragen|gelöscht|geändert|Einkaufsliste|Termin|Aufgabe|Erinnerung|gibt|Mahlzeit|Karte)\b/;

function audit(reply: string, lang: Lang): string[] {
  const findings: string[] = [];
  if (!isFamilyText(reply)) findings.push(`technical text: ${reply}`);
  if (lang === 'en' && GERMAN.test(reply)) findings.push(`German in English: ${reply}`);
  return findings;
}

type Case = readonly [tool: string, args: (ids: Ids) => Record<string, unknown>];
type Ids = Record<'evt' | 'series' | 'task' | 'rem' | 'groc' | 'rec' | 'meal' | 'card', string>;

const TOMORROW_AT = (time: string) => ({ kind: 'relative', offset_days: 1, time }) as const;

/** Calls that work, in an order where each finds what it needs. */
const WORKING: readonly Case[] = [
  ['system_get_time', () => ({})],
  ['calendar_create', () => ({ title: 'Dentist', when: TOMORROW_AT('15:30') })],
  ['calendar_list', () => ({ from: { kind: 'relative', offset_days: 1 }, days: 1 })],
  ['calendar_update', (ids) => ({ id: ids.evt, title: 'Dentist Max' })],
  ['calendar_update', (ids) => ({ id: ids.series, title: 'Yoga' })],
  ['calendar_delete', (ids) => ({ id: ids.evt })],
  ['tasks_create', () => ({ title: 'Garage' })],
  ['tasks_list', () => ({})],
  ['tasks_update', (ids) => ({ id: ids.task, status: 'done' })],
  ['tasks_delete', (ids) => ({ id: ids.task })],
  ['reminders_create', () => ({ text: 'Tickets', when: TOMORROW_AT('09:00') })],
  ['reminders_list', () => ({})],
  ['reminders_snooze', (ids) => ({ id: ids.rem, minutes: 10 })],
  ['reminders_delete', (ids) => ({ id: ids.rem })],
  ['groceries_add', () => ({ name: 'Tomaten', quantity: 2, unit: 'kg' })],
  ['groceries_list', () => ({})],
  ['groceries_update', (ids) => ({ id: ids.groc, checked: true })],
  ['groceries_remove', (ids) => ({ id: ids.groc })],
  ['recipes_create', () => ({ title: 'Pasta', servings: 2, ingredients: [{ name: 'Tomaten', quantity: 0.5, unit: 'kg' }] })],
  ['recipes_list', () => ({})],
  ['recipes_search', () => ({ query: 'Pasta' })],
  ['recipes_get', (ids) => ({ id: ids.rec })],
  ['recipes_update', (ids) => ({ id: ids.rec, servings: 4 })],
  ['mealplan_create', (ids) => ({ recipe_id: ids.rec, when: { kind: 'relative', offset_days: 2 }, meal: 'dinner' })],
  ['mealplan_list', () => ({})],
  ['groceries_sync_mealplan', () => ({ days: 7 })],
  ['mealplan_update', (ids) => ({ id: ids.meal, servings: 3 })],
  ['mealplan_delete', (ids) => ({ id: ids.meal })],
  ['kanban_create', () => ({ title: 'Garage', column: 'TODO' })],
  ['kanban_list', () => ({})],
  ['kanban_move', (ids) => ({ id: ids.card, column: 'DOING' })],
  ['kanban_delete', (ids) => ({ id: ids.card })],
];

/** Each tool that takes an id, asked about one that is not there. */
const MISSING: readonly Case[] = Object.entries(HOME_TOOL_SPECS)
  .filter(([, spec]) => (spec.input_schema as { required?: readonly string[] }).required?.includes('id'))
  .map(([tool]) => [
    tool,
    () => ({
      id: `${{ calendar: 'evt', tasks: 'task', reminders: 'rem', groceries: 'groc', recipes: 'rec', mealplan: 'meal', kanban: 'card' }[tool.split('_')[0]!]}_doesnotexist1`,
      column: 'DONE',
    }),
  ]);

/** Refusals of other kinds: a day that does not exist, a clash, a rule that yields nothing. */
const REFUSED: readonly Case[] = [
  ['tasks_create', () => ({ title: 'Garage', due: { kind: 'date', date: '2027-02-31' } })],
  ['calendar_create', () => ({ title: 'Dentist', when: TOMORROW_AT('15:30'), rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' })],
  ['calendar_list', () => ({ from: { kind: 'relative', offset_days: 0 }, days: 3, to: { kind: 'relative', offset_days: 2 } })],
  ['mealplan_create', () => ({ when: { kind: 'relative', offset_days: 1 }, meal: 'lunch' })],
];

async function runAll(h: ReturnType<typeof createHouseholdFixture>, cases: readonly Case[], ids: Ids) {
  const calls: ExecutedToolCall[] = [];
  for (const [tool, args] of cases) {
    const a = args(ids);
    const result = (await h.call(tool as never, a as never)) as ToolResult & { data?: Record<string, unknown> };
    calls.push({ tool, arguments: a, result });
    const id = typeof result.data?.id === 'string' ? result.data.id : undefined;
    if (result.success && id && tool.endsWith('_create') && !id.startsWith('evt_')) ids[id.split('_')[0] as keyof Ids] = id;
    if (result.success && id && tool === 'groceries_add') ids.groc = id;
    if (result.success && id && tool === 'calendar_create') ids.evt = id;
  }
  return calls;
}

describe('every household reply in the family’s words', () => {
  it('covers every household tool', () => {
    const covered = new Set(WORKING.map(([tool]) => tool));
    expect(Object.keys(HOME_TOOL_SPECS).filter((tool) => !covered.has(tool))).toEqual([]);
  });

  for (const lang of ['de', 'en'] as const) {
    it(`after every change and read (${lang})`, async () => {
      const h = createHouseholdFixture({ now: MONDAY });
      const series = await h.call('calendar_create', {
        title: 'Yoga',
        when: TOMORROW_AT('18:00'),
        rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      });
      const ids = { series: String(series.data!.id) } as Ids;
      const calls = await runAll(h, WORKING, ids);
      expect(calls.filter((c) => !c.result.success).map((c) => [c.tool, c.result.error?.message])).toEqual([]);
      const findings = calls.flatMap((c) => audit(replyFromResults([c], lang), lang).map((f) => `${c.tool}: ${f}`));
      expect(findings).toEqual([]);
      if (lang === 'en')
        expect(replyFromResults([{ tool: 'calendar_create', arguments: {}, result: series }], 'en')).toContain(
          '(repeats every 2 weeks on Tuesday)',
        );
    });

    it(`after every refusal (${lang})`, async () => {
      const h = createHouseholdFixture({ now: MONDAY });
      const calls = await runAll(h, [...MISSING, ...REFUSED], {} as Ids);
      expect(calls.filter((c) => c.result.success).map((c) => c.tool)).toEqual([]);
      const findings = calls.flatMap((c) => audit(replyFromResults([c], lang), lang).map((f) => `${c.tool}: ${f}`));
      expect(findings).toEqual([]);
    });
  }

  it('names what is missing without its id', async () => {
    const h = createHouseholdFixture({ now: MONDAY });
    const result = await h.call('calendar_delete', { id: 'evt_njcw98fwbsoch5vl' });
    const call = { tool: 'calendar_delete', arguments: {}, result };
    expect(replyFromResults([call], 'de')).toBe('Das hat nicht geklappt: Diesen Termin gibt es nicht (mehr).');
    expect(replyFromResults([call], 'en')).toBe('That did not work: That appointment does not exist (any more).');
  });

  it('replaces a refusal that names a setting or a tool with the plain sentence for its code', () => {
    const technical: ToolResult = {
      success: false,
      mutated: false,
      message: 'JARVIS_HUE_BRIDGE fehlt für home_lights_set',
      error: { code: 'NOT_CONFIGURED', message: 'JARVIS_HUE_BRIDGE fehlt für home_lights_set' },
    };
    expect(failureWords('home_lights_set', technical, 'de')).toBeUndefined();
    expect(replyFromResults([{ tool: 'home_lights_set', arguments: {}, result: technical }], 'de')).toBe('Das hat nicht geklappt.');
    expect(failureWords('home_lights_set', technical, 'en')).toBe('That is not set up yet – Settings has the way to connect it.');
  });
});
