import { useEffect, useState } from 'react';
import type { McpTokenCreated, McpTokenInfo } from '../../../src-shared';
import { request } from '../api';
import { Card } from '../components/Card';
import { Dialog } from '../components/Dialog';
import { useTranslation } from '../i18n';
import { useHousehold } from './household';
import { TrashButton } from '../components/TrashButton';

/**
 * Keys for other AI programs (Claude Desktop, an editor) that use JARVIS over MCP: create one
 * for a member (whose role the program then acts with), see and copy it once, revoke it after
 * a question. JARVIS keeps only a fingerprint of each key.
 */
export function McpTokensCard() {
  const { t } = useTranslation();
  const members = useHousehold()?.state.members ?? [];
  const [tokens, setTokens] = useState<readonly McpTokenInfo[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [member, setMember] = useState('');
  const [created, setCreated] = useState<McpTokenCreated | undefined>();
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<McpTokenInfo | undefined>();

  const load = () =>
    request('GET /api/mcp/tokens').then(
      (r) => setTokens(r.tokens),
      (err: Error) => setError(err.message),
    );
  useEffect(() => {
    void load();
  }, []);

  const memberName = (id: string | undefined) =>
    id ? (members.find((m) => m.id === id)?.name ?? t('mcp.formerMember')) : t('mcp.thisComputer');

  const create = async () => {
    try {
      setCreated(await request('POST /api/mcp/tokens', { body: { name: name.trim(), ...(member ? { member } : {}) } }));
      setCopied(false);
      setName('');
      setError(undefined);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setError(t('mcp.copyFailed'));
    }
  };

  const revoke = async (id: string) => {
    setRevoking(undefined);
    try {
      await request('DELETE /api/mcp/tokens/{id}', { params: { id } });
      if (created?.info.id === id) setCreated(undefined);
      setError(undefined);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Card title={t('mcp.title')} className="span-6" testId="card-mcp-tokens">
      <p className="muted small">{t('mcp.hint')}</p>
      {error ? <p className="inline-error">{error}</p> : null}
      {created ? (
        <div className="notice notice-info secret-once" data-testid="mcp-new-token">
          <p>{t('mcp.shownOnce', { name: created.info.name, member: memberName(created.info.member_id) })}</p>
          <code>{created.token}</code>
          <div className="row">
            <button type="button" className="btn btn-small" onClick={() => void copy(created.token)}>
              {copied ? t('mcp.copied') : t('mcp.copy')}
            </button>
            <button type="button" className="btn btn-small" onClick={() => setCreated(undefined)}>
              {t('mcp.done')}
            </button>
          </div>
        </div>
      ) : null}
      {!tokens ? (
        <p className="muted">{t('common.loading')}</p>
      ) : tokens.length === 0 ? (
        <p className="muted">{t('mcp.none')}</p>
      ) : (
        <ul className="item-list" data-testid="mcp-tokens">
          {tokens.map((tk) => (
            <li key={tk.id}>
              <span className="item-main">
                <span>{tk.name}</span>
                <span className="muted small">
                  {t('mcp.actsAs', { member: memberName(tk.member_id) })} ·{' '}
                  {tk.last_used_at ? t('mcp.lastUsed', { at: new Date(tk.last_used_at).toLocaleString() }) : t('mcp.neverUsed')}
                </span>
              </span>
              <TrashButton label={`${t('mcp.revoke')}: ${tk.name}`} onClick={() => setRevoking(tk)} />
            </li>
          ))}
        </ul>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) void create();
        }}
      >
        <input
          aria-label={t('mcp.name')}
          placeholder={t('mcp.namePlaceholder')}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <select aria-label={t('mcp.forWhom')} value={member} onChange={(e) => setMember(e.target.value)}>
          <option value="">{t('mcp.thisComputer')}</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({t(`members.roles.${m.role}`)})
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-small" disabled={!name.trim()}>
          {t('mcp.create')}
        </button>
      </form>
      {revoking ? (
        <Dialog
          title={t('mcp.revokeTitle', { name: revoking.name })}
          onClose={() => setRevoking(undefined)}
          variant="alert"
          testId="confirm-revoke-token"
        >
          <p>{t('mcp.revokeBody', { name: revoking.name })}</p>
          <div className="form-actions">
            <button type="button" className="btn btn-danger" data-autofocus onClick={() => void revoke(revoking.id)}>
              {t('mcp.revokeConfirm')}
            </button>
            <button type="button" className="btn" onClick={() => setRevoking(undefined)}>
              {t('common.cancel')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}
