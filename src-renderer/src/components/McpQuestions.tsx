import { useState, type FormEvent } from 'react';
import type { McpQuestion, McpQuestionField } from '../../../src-shared';
import { useTranslation } from '../i18n';
import { useStore } from '../store';
import { Field } from './Field';

type Draft = Record<string, string | boolean>;

function initialDraft(fields: readonly McpQuestionField[]): Draft {
  const draft: Draft = {};
  for (const f of fields) draft[f.name] = f.type === 'boolean' ? f.default === true : f.default !== undefined ? String(f.default) : '';
  return draft;
}

/** One server's question: a form to fill in, or leave to use the household's model; answered like a confirmation. */
function QuestionCard({ question }: { question: McpQuestion }) {
  const { t } = useTranslation();
  const answer = useStore((s) => s.answerMcpQuestion);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(question.fields));
  const [missing, setMissing] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const send = async (action: 'accept' | 'decline' | 'cancel', content?: Record<string, string | number | boolean>) => {
    setBusy(true);
    await answer(question.id, content ? { action, content } : { action });
    setBusy(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content: Record<string, string | number | boolean> = {};
    for (const f of question.fields) {
      const value = draft[f.name];
      if (value === '' || value === undefined) {
        if (f.required) return setMissing(f.name);
        continue;
      }
      content[f.name] = f.type === 'number' || f.type === 'integer' ? Number(value) : value;
    }
    setMissing(undefined);
    void send('accept', content);
  };

  const sampling = question.kind === 'sampling';
  return (
    <form
      className="pending mcp-question"
      role="group"
      aria-label={t('mcpQuestion.title', { server: question.server })}
      data-testid="mcp-question"
      onSubmit={submit}
    >
      <p className="mcp-question-who">{t(sampling ? 'mcpQuestion.samplingAsks' : 'mcpQuestion.asks', { server: question.server })}</p>
      <p>{sampling ? t('mcpQuestion.samplingText', { text: question.message }) : question.message}</p>
      {question.fields.map((f) => {
        const value = draft[f.name];
        const set = (v: string | boolean) => setDraft({ ...draft, [f.name]: v });
        const error = missing === f.name ? t('mcpQuestion.required') : undefined;
        const label = f.required ? f.title : t('mcpQuestion.optional', { title: f.title });
        if (f.type === 'boolean')
          return (
            <label key={f.name} className="inline">
              <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} /> {f.title}
            </label>
          );
        return (
          <Field key={f.name} label={label} error={error} hint={f.description}>
            {f.type === 'choice' ? (
              <select value={String(value)} onChange={(e) => set(e.target.value)}>
                <option value="">{t('mcpQuestion.choose')}</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type={f.type === 'string' ? 'text' : 'number'}
                step={f.type === 'integer' ? 1 : 'any'}
                value={String(value)}
                onChange={(e) => set(e.target.value)}
              />
            )}
          </Field>
        );
      })}
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t(sampling ? 'mcpQuestion.allow' : 'mcpQuestion.send')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void send('decline')}>
          {t(sampling ? 'mcpQuestion.refuse' : 'mcpQuestion.decline')}
        </button>
        {sampling ? null : (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void send('cancel')}>
            {t('mcpQuestion.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

/** From 1280 px the assistant is a panel beside the screen, always in sight (styles.css). */
function assistantDocked(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1280px)').matches;
}

/** The questions MCP servers wait on, where the person is: in the assistant when it is in sight, else above the screen. */
export function McpQuestions({ place }: { place: 'shell' | 'chat' }) {
  const questions = useStore((s) => s.mcpQuestions);
  const chatInSight = useStore((s) => s.chatOpen) || assistantDocked();
  if (questions.length === 0 || (place === 'shell') === chatInSight) return null;
  return (
    <div className={`mcp-questions mcp-questions-${place}`}>
      {questions.map((q) => (
        <QuestionCard key={q.id} question={q} />
      ))}
    </div>
  );
}
