import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t, useTranslation } from '../i18n';
import {
  aisleOf,
  GROCERY_AISLES,
  GROCERY_NAME_MAX,
  formatGroceryAmounts,
  groceryAmountsOf,
  groceryMergeTarget,
  MEAL_SLOTS,
  mergeGroceryLine,
  readGroceryPhrase,
  type GroceryItem,
  type GroceryPhrase,
  type MealSlot,
  type Recipe,
} from '../../../src-shared';
import { explainRefusal } from '../forms/field-errors';
import { useFieldErrors } from '../forms/use-field-errors';
import { checkGrocery, deleteMeal, removeCheckedGroceries, removeGrocery } from '../store/household-actions';
import { callTool } from '../api';
import { Card, ResourceView } from '../components/Card';
import { Field, FormActions } from '../components/Field';
import { MicButton } from '../components/MicButton';
import { addDays, formatDay } from '../format/household-time';
import { formatAmount, formatIngredients, parseIngredients } from '../format/ingredients';
import { useStore } from '../store';
import { messageOf } from '../store/resource';
import { whenOf } from './CalendarScreen';
import { useHousehold } from './household';
import { Icon } from '../components/Icon';
import { ListSearch } from '../components/ListSearch';
import { matchesSearch, SEARCH_FROM } from '../format/list-search';
import { TrashButton } from '../components/TrashButton';

function MealPlan() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState<MealSlot>('dinner');
  const [title, setTitle] = useState('');
  const [recipeId, setRecipeId] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!hh || (!title.trim() && !recipeId)) return;
    void mutate('mealplan_create', {
      when: whenOf(date || hh.today, ''),
      meal: slot,
      ...(title.trim() ? { title: title.trim() } : {}),
      ...(recipeId ? { recipe_id: recipeId } : {}),
    });
    setTitle('');
    setRecipeId('');
  };
  return (
    <Card title={t('food.mealplan')} className="span-7" testId="card-mealplan" actions={<MicButton module="food" />}>
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() =>
          hh ? (
            <>
              <form className="form-grid" onSubmit={submit} data-testid="meal-create-form">
                <Field label={t('common.date')}>
                  <input type="date" value={date || hh.today} onChange={(e) => setDate(e.target.value)} />
                </Field>
                <Field label={t('food.slot')}>
                  <select value={slot} onChange={(e) => setSlot(e.target.value as MealSlot)}>
                    {MEAL_SLOTS.map((m) => (
                      <option key={m} value={m}>
                        {t(`food.slots.${m}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={t('common.title')} size="grow">
                  <input value={title} onChange={(e) => setTitle(e.target.value)} />
                </Field>
                <Field label={t('food.recipe')}>
                  <select value={recipeId} onChange={(e) => setRecipeId(e.target.value)}>
                    <option value="">{t('food.noRecipe')}</option>
                    {hh.state.recipes.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.title}
                      </option>
                    ))}
                  </select>
                </Field>
                <FormActions submit={t('food.planMeal')} />
              </form>
              <ol className="plan-days">
                {Array.from({ length: 7 }, (_, i) => addDays(hh.today, i)).map((day) => {
                  const meals = hh.state.meals
                    .filter((m) => m.date === day)
                    .sort((a, b) => MEAL_SLOTS.indexOf(a.meal) - MEAL_SLOTS.indexOf(b.meal));
                  return (
                    <li key={day} className={`plan-day ${day === hh.today ? 'is-today' : ''}`}>
                      <h3 className="day-head">{day === hh.today ? t('common.today') : formatDay(day, i18n.language)}</h3>
                      {meals.length ? (
                        <ul className="meals">
                          {meals.map((m) => (
                            <li key={m.id} className="meal">
                              <span className="chip">{t(`food.slots.${m.meal}`)}</span>
                              <span className="item-main">
                                {m.title}
                                {m.recipe_id ? (
                                  <span className="muted small"> · {t('food.servingsShort', { count: m.servings })}</span>
                                ) : null}
                              </span>
                              <TrashButton label={`${t('common.delete')}: ${m.title}`} onClick={() => void deleteMeal(useStore, m)} />
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="muted day-free">–</p>
                      )}
                    </li>
                  );
                })}
              </ol>
            </>
          ) : null
        }
      </ResourceView>
    </Card>
  );
}

/** What the item field understood, or why it cannot read it (said, never dropped). */
function readItem(text: string): { item?: GroceryPhrase; problem?: string } {
  if (!text.trim()) return {};
  const read = readGroceryPhrase(text);
  if (read.ok) return { item: read.item };
  if (read.problem === 'UNREADABLE_AMOUNT') return { problem: t('shopping.unreadableAmount', { amount: read.amount }) };
  if (read.problem === 'MISSING_NAME') return { problem: t('shopping.missingName', { amount: read.amount }) };
  if (read.problem === 'TOO_LONG') return { problem: t('forms.errors.tooLong', { max: GROCERY_NAME_MAX }) };
  return { problem: t('forms.errors.blank') };
}

/** The open item this one would be added to (the master's rule, shared). */
export function mergeTarget(items: readonly GroceryItem[], item: GroceryPhrase): GroceryItem | undefined {
  return groceryMergeTarget(items.map(withAmounts), item);
}

/** A line as the list shows it, also when it comes from a state saved before lines had several amounts. */
function withAmounts(g: GroceryItem): GroceryItem {
  return Array.isArray(g.amounts) ? g : { ...g, amounts: groceryAmountsOf(g) };
}

/**
 * What adding the typed item will do, before it is added: a new line ("Verstanden: ½ TL Zimt"),
 * or the line it joins and the amounts that line then has ("1 l + 2 Packungen").
 */
function previewHint(item: GroceryPhrase, target: GroceryItem | undefined, language: string): string {
  if (!target) return t('shopping.understood', { amount: formatAmount(item.quantity, item.unit, language), name: item.name });
  const amounts = mergeGroceryLine(withAmounts(target), item).amounts;
  if (amounts.length === 0) return t('shopping.mergedNoAmount', { name: target.name });
  // "2 l" stays on one line in a narrow card; the break may fall only around the "+".
  const shown = amounts.map((a) => formatGroceryAmounts([a], language).replace(/ /g, '\u00a0')).join(' + ');
  return t('shopping.merged', { name: target.name, amounts: shown });
}

function GroceryRow({ g }: { g: GroceryItem }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={g.checked ? 'is-done' : ''}>
      <input
        type="checkbox"
        checked={g.checked}
        aria-label={t('food.check', { name: g.name })}
        onChange={() => void checkGrocery(useStore, g, !g.checked)}
      />
      <span className="item-main">
        <span>{g.name}</span>
        <span className="muted small">
          <span data-testid="grocery-amounts">{formatGroceryAmounts(groceryAmountsOf(g), i18n.language)}</span>
          {g.source === 'mealplan' ? <span className="tag">{t('food.fromMealplan')}</span> : null}
        </span>
      </span>
      <TrashButton label={`${t('common.delete')}: ${g.name}`} onClick={() => void removeGrocery(useStore, g)} />
    </li>
  );
}

function Groceries() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const create = useStore((s) => s.create);
  const notify = useStore((s) => s.notify);
  const [text, setText] = useState('');
  const [syncing, setSyncing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, mark, clear } = useFieldErrors<'item'>();
  const [search, setSearch] = useState('');
  const [mergedInto, setMergedInto] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  // The family types item after item: the field is ready for the next one once this one is on the list.
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added) input.current?.focus();
  }, [added]);
  const all = hh?.state.groceries ?? [];
  const items = all.filter((g) => matchesSearch(g.name, search));
  const reading = readItem(text);
  const merging = reading.item ? mergeTarget(all, reading.item) : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const read = readItem(text);
    if (!read.item) return mark('item', read.problem ?? t('forms.errors.blank'));
    const args = {
      name: read.item.name,
      ...(read.item.quantity !== undefined ? { quantity: read.item.quantity } : {}),
      ...(read.item.unit ? { unit: read.item.unit } : {}),
    };
    const target = mergeTarget(all, read.item);
    const before = useStore.getState().home;
    // Shown at once the way the master will store it: merged into the same open item.
    if (before.status === 'ready')
      useStore.setState({
        home: {
          status: 'ready',
          data: {
            ...before.data,
            groceries: target
              ? before.data.groceries.map((g) => (g.id === target.id ? mergeGroceryLine(withAmounts(g), read.item!) : g))
              : before.data.groceries,
          },
        },
      });
    const typed = text;
    // Emptied at once: the next item may be typed while this one is on its way.
    setText('');
    setMergedInto(undefined);
    setBusy(true);
    const outcome = await create('groceries_add', args, typed.trim());
    setBusy(false);
    if (outcome.status === 'refused') {
      if (target) useStore.setState({ home: before });
      setText((now) => (now === '' ? typed : now));
      return mark('item', explainRefusal('groceries_add', outcome.error, args).message);
    }
    if (outcome.status === 'queued') notify('info', t('outbox.queued'));
    setMergedInto(target?.name);
    clear();
    setAdded((n) => n + 1);
  };
  const syncFromPlan = async () => {
    setSyncing(true);
    try {
      const r = await callTool('groceries_sync_mealplan', {});
      notify('info', t('notices.fromPlan', { count: r.data?.items.length ?? 0 }));
      if (r.data?.meals_without_recipe.length)
        notify('error', t('notices.withoutRecipe', { titles: r.data.meals_without_recipe.map((m) => m.title).join(', ') }));
      await useStore.getState().loadHomeParts(['groceries', 'mealplan']);
    } catch (e) {
      notify('error', messageOf(e));
    } finally {
      setSyncing(false);
    }
  };
  const open = items.filter((g) => !g.checked);
  const done = items.filter((g) => g.checked).sort((a, b) => a.name.localeCompare(b.name));
  const aisles = GROCERY_AISLES.map((aisle) => ({
    aisle,
    items: open.filter((g) => aisleOf(g.name) === aisle).sort((a, b) => a.name.localeCompare(b.name)),
  })).filter((a) => a.items.length > 0);
  const hint = reading.item ? previewHint(reading.item, merging, i18n.language) : undefined;
  return (
    <Card
      title={t('food.groceries')}
      className="span-5 groceries-card"
      testId="card-groceries"
      actions={
        <>
          <button
            type="button"
            className="btn btn-small"
            // The name is the visible words (a voice user says what they see); the longer sentence is the tooltip.
            title={t('food.fromPlanLabel')}
            disabled={syncing}
            onClick={() => void syncFromPlan()}
          >
            <span aria-hidden="true">↻</span> {t('food.fromPlan')}
          </button>
          {all.some((g) => g.checked) ? (
            <button type="button" className="btn btn-small" onClick={() => void removeCheckedGroceries(useStore, all)}>
              {t('shopping.removeChecked')}
            </button>
          ) : null}
        </>
      }
    >
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => (
          <>
            <form className="form-grid grocery-form" onSubmit={(e) => void submit(e)} noValidate data-testid="grocery-create-form">
              <Field label={t('shopping.item')} size="grow" error={errors.item} hint={hint}>
                <input
                  ref={input}
                  value={text}
                  required
                  maxLength={GROCERY_NAME_MAX + 40}
                  onChange={(e) => {
                    setText(e.target.value);
                    setMergedInto(undefined);
                    clear('item');
                  }}
                />
              </Field>
              <FormActions submit={t('common.add')} busy={busy} />
            </form>
            <p className="muted small" role="status" data-testid="grocery-merged">
              {mergedInto ? t('shopping.mergedInto', { name: mergedInto }) : ''}
            </p>
            {all.length >= SEARCH_FROM || search ? (
              <ListSearch label={t('shopping.search')} value={search} onChange={setSearch} testId="grocery-search" />
            ) : null}
            {search && items.length === 0 ? <p className="muted">{t('common.noMatch', { query: search.trim() })}</p> : null}
            {items.length ? (
              <>
                {aisles.map(({ aisle, items: inAisle }) => (
                  <section key={aisle} className="aisle" data-testid={`aisle-${aisle}`} aria-label={t(`shopping.aisles.${aisle}`)}>
                    <h3 className="aisle-head">{t(`shopping.aisles.${aisle}`)}</h3>
                    <ul className="item-list groceries">
                      {inAisle.map((g) => (
                        <GroceryRow key={g.id} g={g} />
                      ))}
                    </ul>
                  </section>
                ))}
                {done.length ? (
                  <section className="aisle" data-testid="aisle-done" aria-label={t('shopping.inCart')}>
                    <h3 className="aisle-head">{t('shopping.inCart')}</h3>
                    <ul className="item-list groceries">
                      {done.map((g) => (
                        <GroceryRow key={g.id} g={g} />
                      ))}
                    </ul>
                  </section>
                ) : null}
              </>
            ) : search ? null : (
              <p className="muted">{t('food.noGroceries')}</p>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}

interface RecipeDraft {
  title: string;
  servings: string;
  ingredients: string;
  steps: string;
}

function RecipeForm({
  initial,
  onSubmit,
  onCancel,
  submitLabel,
}: {
  initial: RecipeDraft;
  onSubmit(d: RecipeDraft): void;
  onCancel(): void;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  return (
    <form
      className="recipe-form"
      data-testid="recipe-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (d.title.trim()) onSubmit(d);
      }}
    >
      <div className="form-grid">
        <Field label={t('common.title')} size="grow">
          <input value={d.title} required onChange={(e) => setD({ ...d, title: e.target.value })} />
        </Field>
        <Field label={t('food.servings')} size="narrow">
          <input type="number" min={1} value={d.servings} onChange={(e) => setD({ ...d, servings: e.target.value })} />
        </Field>
      </div>
      <Field label={t('food.ingredients')}>
        <textarea rows={4} value={d.ingredients} onChange={(e) => setD({ ...d, ingredients: e.target.value })} />
      </Field>
      <Field label={t('food.steps')}>
        <textarea rows={3} value={d.steps} onChange={(e) => setD({ ...d, steps: e.target.value })} />
      </Field>
      <FormActions submit={submitLabel} onCancel={onCancel} />
    </form>
  );
}

function RecipeItem({ recipe }: { recipe: Recipe }) {
  const { t, i18n } = useTranslation();
  const mutate = useStore((s) => s.mutate);
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <li className="recipe editing">
        <RecipeForm
          submitLabel={t('common.save')}
          initial={{
            title: recipe.title,
            servings: String(recipe.servings),
            ingredients: formatIngredients(recipe.ingredients),
            steps: recipe.steps.join('\n'),
          }}
          onCancel={() => setEditing(false)}
          onSubmit={(d) => {
            setEditing(false);
            const update = {
              id: recipe.id,
              title: d.title.trim(),
              servings: Math.max(1, Number(d.servings) || recipe.servings),
              ingredients: parseIngredients(d.ingredients),
              steps: d.steps
                .split('\n')
                .map((s) => s.trim())
                .filter(Boolean),
            };
            void mutate('recipes_update', update, (s) => ({
              ...s,
              recipes: s.recipes.map((r) =>
                r.id === recipe.id
                  ? {
                      ...r,
                      ...update,
                      ingredients: update.ingredients.map((i) => ({ name: i.name, quantity: i.quantity ?? null, unit: i.unit ?? null })),
                    }
                  : r,
              ),
            }));
          }}
        />
      </li>
    );
  return (
    <li className="recipe">
      <div className="recipe-head">
        <h3>{recipe.title}</h3>
        <span className="muted small">{t('food.servingsCount', { count: recipe.servings })}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('food.editRecipe', { title: recipe.title })}
          onClick={() => setEditing(true)}
        >
          <Icon name="edit" />
        </button>
      </div>
      <p className="muted small recipe-ingredients">
        {recipe.ingredients.map((i) => `${formatAmount(i.quantity, i.unit, i18n.language)} ${i.name}`.trim()).join(' · ')}
      </p>
    </li>
  );
}

function Recipes() {
  const { t } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const [creating, setCreating] = useState(false);
  return (
    <Card
      title={t('food.recipes')}
      className="span-12"
      testId="card-recipes"
      actions={
        <button type="button" className="btn btn-small" onClick={() => setCreating(true)} disabled={creating}>
          + {t('food.newRecipe')}
        </button>
      }
    >
      <ResourceView resource={home}>
        {() => (
          <>
            {creating ? (
              <RecipeForm
                submitLabel={t('food.newRecipe')}
                initial={{ title: '', servings: '2', ingredients: '', steps: '' }}
                onCancel={() => setCreating(false)}
                onSubmit={(d) => {
                  setCreating(false);
                  void mutate('recipes_create', {
                    title: d.title.trim(),
                    servings: Math.max(1, Number(d.servings) || 2),
                    ingredients: parseIngredients(d.ingredients),
                    steps: d.steps
                      .split('\n')
                      .map((s) => s.trim())
                      .filter(Boolean),
                  });
                }}
              />
            ) : null}
            {hh?.state.recipes.length ? (
              <ul className="recipes">
                {hh.state.recipes.map((r) => (
                  <RecipeItem key={r.id} recipe={r} />
                ))}
              </ul>
            ) : (
              <p className="muted">{t('food.noRecipes')}</p>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}

export function FoodScreen() {
  return (
    <div className="grid-12" data-testid="screen-food">
      <MealPlan />
      <Groceries />
      <Recipes />
    </div>
  );
}
