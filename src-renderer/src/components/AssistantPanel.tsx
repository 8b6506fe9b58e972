import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n';
import { moduleLabel, toolLabel } from '../i18n/tool-label';
import { useStore } from '../store';
import type { ChatMessage, ToolCallView } from '../store/chat-slice';
import { McpQuestions } from './McpQuestions';
import { MicButton } from './MicButton';
import { Icon } from './Icon';

function ToolChip({ call }: { call: ToolCallView }) {
  useTranslation();
  const state = call.result === undefined ? 'running' : call.result.success ? 'ok' : 'failed';
  return (
    <li className={`chip tool-chip tool-${state}`}>
      {state === 'ok' ? (
        <Icon name="check" size={12} />
      ) : state === 'failed' ? (
        <Icon name="close" size={12} />
      ) : (
        <span aria-hidden="true">…</span>
      )}{' '}
      {toolLabel(call.tool)}
    </li>
  );
}

function Message({ message, latest }: { message: ChatMessage; latest: boolean }) {
  const { t } = useTranslation();
  const send = useStore((s) => s.sendChat);
  const busy = useStore((s) => s.chatBusy);
  return (
    <li className={`msg msg-${message.role} ${message.error ? 'msg-error' : ''}`}>
      {message.module || message.via ? (
        <span className="msg-meta">
          {message.via === 'voice' ? <Icon name="mic" size={12} /> : null}
          {message.module ? t('chat.module', { module: moduleLabel(message.module) }) : ''}
        </span>
      ) : null}
      {message.text ? (
        <p className="msg-text">{message.text}</p>
      ) : message.streaming ? (
        <p className="msg-text muted">{t('chat.thinking')}</p>
      ) : null}
      {message.plan ? (
        <details className="plan" open>
          <summary>{t('chat.plan', { count: message.plan.steps.length })}</summary>
          {message.plan.goal ? <p className="plan-goal">{message.plan.goal}</p> : null}
          <ol>
            {message.plan.steps.map((s) => (
              <li key={s.id}>
                {s.task} <span className="muted">· {toolLabel(s.tool)}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {message.toolCalls.length ? (
        <ul className="chips" aria-label={t('chat.toolCalls')}>
          {message.toolCalls.map((c, i) => (
            <ToolChip key={`${c.tool}-${i}`} call={c} />
          ))}
        </ul>
      ) : null}
      {message.pending && latest ? (
        <div className="pending" role="group" aria-label={t('chat.confirm')}>
          <p>{message.pending.summary}</p>
          <div className="row">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send('ja')}>
              {t('chat.yes')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void send('nein')}>
              {t('chat.no')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Below 1280 px the panel is a drawer over the screen (styles.css); without media queries (tests) too. */
function isDrawer(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia('(max-width: 1279px)').matches;
}

/** The assistant, reachable from every screen: streamed replies, tool chips, plans, confirmations. */
export function AssistantPanel() {
  const { t } = useTranslation();
  const messages = useStore((s) => s.messages);
  const busy = useStore((s) => s.chatBusy);
  const send = useStore((s) => s.sendChat);
  const clear = useStore((s) => s.clearChat);
  const open = useStore((s) => s.chatOpen);
  const setOpen = useStore((s) => s.setChatOpen);
  const screen = useStore((s) => s.screen);
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // As a drawer (narrow screens) the panel takes the focus when it opens and gives it back
  // to what opened it when it closes; beside the screen (wide) it is always there.
  useEffect(() => {
    if (!isDrawer()) return;
    if (open) {
      const active = document.activeElement;
      if (active instanceof HTMLElement && !active.closest('.assistant')) opener.current = active;
      input.current?.focus();
      // A drawer still sliding in may not take the focus yet: once more on the next frame.
      if (document.activeElement !== input.current) requestAnimationFrame(() => input.current?.focus());
      return;
    }
    const back = opener.current;
    opener.current = null;
    const focus = document.activeElement;
    if (back?.isConnected && (!focus || focus === document.body || focus.closest('.assistant'))) back.focus();
  }, [open]);

  // Keeps the newest message in view. Only the list scrolls (scrollIntoView would move the
  // page too), and not for the empty chat: that would force a layout before Home's first frame.
  useEffect(() => {
    const el = list.current;
    if (el && messages.length) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.trim()) return;
    void send(draft, screen === 'home' ? undefined : screen);
    setDraft('');
  };

  return (
    <aside className={`assistant ${open ? 'is-open' : ''}`} aria-label={t('chat.title')} data-testid="assistant">
      <header className="assistant-head">
        <h2>{t('chat.title')}</h2>
        <div className="row">
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void clear()} disabled={busy || messages.length === 0}>
            {t('chat.clear')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small assistant-close"
            onClick={() => setOpen(false)}
            aria-label={t('chat.close')}
          >
            <Icon name="close" />
          </button>
        </div>
      </header>
      <ol className="messages" ref={list} aria-live="polite">
        {messages.length === 0 ? <li className="muted empty-chat">{t('chat.empty')}</li> : null}
        {messages.map((m, i) => (
          <Message key={m.id} message={m} latest={i === messages.length - 1} />
        ))}
      </ol>
      <McpQuestions place="chat" />
      <form className="composer" onSubmit={submit}>
        <MicButton />
        <input
          ref={input}
          aria-label={t('chat.input')}
          placeholder={t('chat.placeholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !draft.trim()}>
          {t('chat.send')}
        </button>
      </form>
    </aside>
  );
}
