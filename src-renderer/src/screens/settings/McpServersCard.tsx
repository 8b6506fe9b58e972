import { useEffect, useState } from 'react';
import type { McpServerView } from '../../../../src-shared';
import { Card, ResourceView } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { useTranslation, type TextVars } from '../../i18n';
import { useStore } from '../../store';
import { McpServerForm } from './McpServerForm';
import { TestOutcome, useTest } from './mcp-test';

// MCP servers give the assistant more abilities: a program on this computer or a service at
// a web address. Those in mcp.json are shown beside those added here; the file's are changed
// in the file.

/** A server's state in the household's words; a failure names its reason. */
function stateText(t: (k: string, o?: TextVars) => string, s: McpServerView): string {
  if (s.shadowed) return t('settings.mcp.state.shadowed');
  switch (s.state) {
    case 'connected':
      return t('settings.mcp.state.connected', { count: s.tools });
    case 'waiting':
      return t('settings.mcp.state.waiting', { count: s.tools });
    case 'off':
      return t('settings.mcp.state.off');
    case 'error':
      return t(`settings.mcp.problems.${s.problem ?? 'failed'}`);
    default:
      return t('settings.mcp.state.unknown');
  }
}

/** One listed server: what starts it, its state, its switch and test; change and remove for the app's own. */
function ServerRow({ server, onRemove }: { server: McpServerView; onRemove: (name: string) => void }) {
  const { t } = useTranslation();
  const setActive = useStore((s) => s.setMcpServerActive);
  const { busy, answer, run } = useTest();
  const [switching, setSwitching] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  const toggle = async () => {
    setSwitching(true);
    setProblem(await setActive(server.name, !server.active));
    setSwitching(false);
  };
  const chip =
    server.state === 'connected'
      ? 'chip-ok'
      : server.state === 'error'
        ? 'chip-bad'
        : server.state === 'waiting'
          ? 'chip-warn'
          : 'chip-off';
  return (
    <li className="mcp-server" data-testid={`mcp-server-${server.name}`}>
      <div className="mcp-server-head">
        <strong>{server.name}</strong>
        <span className="chip">{server.origin === 'file' ? t('settings.mcp.fromFile') : t('settings.mcp.fromApp')}</span>
        <span className={`chip chip-long ${chip}`} data-testid="mcp-state">
          {stateText(t, server)}
        </span>
      </div>
      <code className="mcp-what">{server.kind === 'stdio' ? [server.command, ...(server.args ?? [])].join(' ') : server.url}</code>
      {server.env_names.length + server.header_names.length > 0 ? (
        <p className="muted">{t('settings.mcp.secretsKept', { names: [...server.env_names, ...server.header_names].join(', ') })}</p>
      ) : null}
      {server.state === 'error' && server.detail ? <p className="muted mcp-detail">{server.detail}</p> : null}
      <div className="row mcp-actions">
        <label className="mcp-toggle">
          <input
            type="checkbox"
            role="switch"
            aria-label={t('settings.mcp.activeLabel', { name: server.name })}
            checked={server.active}
            disabled={switching || server.shadowed === true}
            aria-busy={switching || undefined}
            onChange={() => void toggle()}
          />
          <span>{t('settings.mcp.active')}</span>
        </label>
        <button
          type="button"
          className="btn btn-small"
          aria-label={t('settings.mcp.testLabel', { name: server.name })}
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run(server.name)}
        >
          {busy ? t('settings.mcp.testing') : t('settings.mcp.test')}
        </button>
        {server.origin === 'app' ? (
          <>
            <button
              type="button"
              className="btn btn-small"
              aria-label={t('settings.mcp.editLabel', { name: server.name })}
              aria-expanded={editing}
              onClick={() => setEditing((e) => !e)}
            >
              {t('settings.mcp.edit')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-label={t('settings.mcp.removeLabel', { name: server.name })}
              onClick={() => onRemove(server.name)}
            >
              {t('settings.mcp.remove')}
            </button>
          </>
        ) : null}
      </div>
      {server.origin === 'file' ? <p className="field-hint">{t('settings.mcp.fileHint')}</p> : null}
      {busy ? <progress aria-label={t('settings.mcp.testing')} /> : null}
      <TestOutcome answer={answer} testId="mcp-row-test" />
      {problem ? (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      ) : null}
      {editing ? <McpServerForm editing={server} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}

/** Settings: the MCP servers, mcp.json's and the app's, and the form that adds one. */
export function McpServersCard() {
  const { t } = useTranslation();
  const servers = useStore((s) => s.mcpServers);
  const load = useStore((s) => s.loadMcpServers);
  const remove = useStore((s) => s.removeMcpServer);
  const [asked, setAsked] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    void load();
  }, [load]);
  const confirmRemove = async (name: string) => {
    setProblem(await remove(name));
    setAsked(undefined);
  };
  return (
    <Card title={t('settings.mcp.title')} className="span-12" testId="settings-mcp">
      <p className="muted">{t('settings.mcp.intro')}</p>
      <ResourceView resource={servers} onRetry={() => void load()}>
        {(view) => (
          <>
            <p className="muted" data-testid="mcp-file">
              {t('settings.mcp.file', { path: view.file.path })}
            </p>
            {view.file.error ? (
              <p className="inline-error" role="alert">
                {t('settings.mcp.fileBroken', { error: view.file.error })}
              </p>
            ) : null}
            {view.servers.length === 0 ? (
              <p className="muted">{t('settings.mcp.none')}</p>
            ) : (
              <ul className="mcp-server-list" aria-label={t('settings.mcp.title')}>
                {view.servers.map((s) => (
                  <ServerRow key={`${s.origin}:${s.name}`} server={s} onRemove={setAsked} />
                ))}
              </ul>
            )}
          </>
        )}
      </ResourceView>
      {problem ? (
        <p className="inline-error" role="alert">
          {problem}
        </p>
      ) : null}
      <McpServerForm />
      {asked ? (
        <Dialog
          title={t('settings.mcp.removeTitle', { name: asked })}
          variant="alert"
          testId="mcp-remove-dialog"
          onClose={() => setAsked(undefined)}
        >
          <p>{t('settings.mcp.removeText')}</p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void confirmRemove(asked)}>
              {t('settings.mcp.removeConfirm')}
            </button>
            <button type="button" className="btn" data-autofocus onClick={() => setAsked(undefined)}>
              {t('settings.mcp.cancel')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
