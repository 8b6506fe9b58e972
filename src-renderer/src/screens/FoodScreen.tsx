import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import { MEAL_SLOTS, type GroceriesSyncResult, type MealSlot, type Recipe } from '../../../src-shared';
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
    void mutate('mealplan_create', { when: whenOf(date || hh.today, ''), meal: slot, ...(title.trim() ? { title: title.trim() } : {}), ...(recipeId ? { recipe_id: recipeId } : {}) });
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
                  const meals = hh.state.meals.filter((m) => m.date === day).sort((a, b) => MEAL_SLOTS.indexOf(a.meal) - MEAL_SLOTS.indexOf(b.meal));
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
                                {m.recipe_id ? <span className="muted small"> · {t('food.servingsShort', { count: m.servings })}</span> : null}
                              </span>
                              <button
                                type="button"
                                className="icon-btn danger"
                                aria-label={`${t('common.delete')}: ${m.title}`}
                                onClick={() => void mutate('mealplan_delete', { id: m.id }, (s) => ({ ...s, meals: s.meals.filter((x) => x.id !== m.id) }))}
                              >
                                <Icon name="trash" />
                              </button>
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

function Groceries() {
  const { t, i18n } = useTranslation();
  const hh = useHousehold();
  const home = useStore((s) => s.home);
  const mutate = useStore((s) => s.mutate);
  const notify = useStore((s) => s.notify);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState('');
  const [syncing, setSyncing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    const q = Number(quantity.replace(',', '.'));
    void mutate('groceries_add', { name: name.trim(), ...(quantity && q > 0 ? { quantity: q } : {}), ...(unit.trim() ? { unit: unit.trim() } : {}) });
    setName('');
    setQuantity('');
    setUnit('');
  };
  const syncFromPlan = async () => {
    setSyncing(true);
    try {
      const r = await callTool('groceries_sync_mealplan', {});
      notify('info', t('notices.fromPlan', { count: r.data?.items.length ?? 0 }));
      if (r.data?.meals_without_recipe.length) notify('error', t('notices.withoutRecipe', { titles: r.data.meals_without_recipe.map((m) => m.title).join(', ') }));
      await useStore.getState().loadHome();
    } catch (e) {
      notify('error', messageOf(e));
    } finally {
      setSyncing(false);
    }
  };
  const items = [...(hh?.state.groceries ?? [])].sort((a, b) => Number(a.checked) - Number(b.checked) || a.name.localeCompare(b.name));
  return (
    <Card
      title={t('food.groceries')}
      className="span-5"
      testId="card-groceries"
      actions={
        <button type="button" className="btn btn-small" aria-label={t('food.fromPlanLabel')} disabled={syncing} onClick={() => void syncFromPlan()}>
          {t('food.fromPlan')}
        </button>
      }
    >
      <ResourceView resource={home} onRetry={() => void useStore.getState().loadHome()}>
        {() => (
          <>
            <form className="form-grid" onSubmit={submit} data-testid="grocery-create-form">
              <Field label={t('food.newItem')} size="grow">
                <input value={name} required onChange={(e) => setName(e.target.value)} />
              </Field>
              <Field label={t('food.quantity')} size="narrow">
                <input inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
              </Field>
              <Field label={t('food.unit')} size="narrow">
                <input value={unit} onChange={(e) => setUnit(e.target.value)} />
              </Field>
              <FormActions submit={t('common.add')} />
            </form>
            {items.length ? (
              <ul className="item-list groceries">
                {items.map((g) => (
                  <li key={g.id} className={g.checked ? 'is-done' : ''}>
                    <input
                      type="checkbox"
                      checked={g.checked}
                      aria-label={t('food.check', { name: g.name })}
                      onChange={() =>
                        void mutate('groceries_update', { id: g.id, checked: !g.checked }, (s) => ({ ...s, groceries: s.groceries.map((x) => (x.id === g.id ? { ...x, checked: !g.checked } : x)) }))
                      }
                    />
                    <span className="item-main">
                      <span>{g.name}</span>
                      <span className="muted small">
                        {formatAmount(g.quantity, g.unit, i18n.language)}
                        {g.source === 'mealplan' ? <span className="tag">{t('food.fromMealplan')}</span> : null}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="icon-btn danger"
                      aria-label={`${t('common.delete')}: ${g.name}`}
                      onClick={() => void mutate('groceries_remove', { id: g.id }, (s) => ({ ...s, groceries: s.groceries.filter((x) => x.id !== g.id) }))}
                    >
                      <Icon name="trash" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
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

function RecipeForm({ initial, onSubmit, onCancel, submitLabel }: { initial: RecipeDraft; onSubmit(d: RecipeDraft): void; onCancel(): void; submitLabel: string }) {
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
          initial={{ title: recipe.title, servings: String(recipe.servings), ingredients: formatIngredients(recipe.ingredients), steps: recipe.steps.join('\n') }}
          onCancel={() => setEditing(false)}
          onSubmit={(d) => {
            setEditing(false);
            const update = {
              id: recipe.id,
              title: d.title.trim(),
              servings: Math.max(1, Number(d.servings) || recipe.servings),
              ingredients: parseIngredients(d.ingredients),
              steps: d.steps.split('\n').map((s) => s.trim()).filter(Boolean),
            };
            void mutate('recipes_update', update, (s) => ({
              ...s,
              recipes: s.recipes.map((r) => (r.id === recipe.id ? { ...r, ...update, ingredients: update.ingredients.map((i) => ({ name: i.name, quantity: i.quantity ?? null, unit: i.unit ?? null })) } : r)),
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
        <button type="button" className="icon-btn" aria-label={t('food.editRecipe', { title: recipe.title })} onClick={() => setEditing(true)}>
          <Icon name="edit" />
        </button>
      </div>
      <p className="muted small recipe-ingredients">{recipe.ingredients.map((i) => `${formatAmount(i.quantity, i.unit, i18n.language)} ${i.name}`.trim()).join(' · ')}</p>
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
                    steps: d.steps.split('\n').map((s) => s.trim()).filter(Boolean),
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
