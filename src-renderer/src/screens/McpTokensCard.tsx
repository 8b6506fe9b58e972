import { useEffect, useState } from 'react';
import type { McpTokenCreated, McpTokenInfo } from '../../../src-shared';
import { request } from '../api';
import { Card } from '../components/Card';
import { Icon } from '../components/Icon';
import { useTranslation } from '../i18n';

/**
 * Keys for other AI programs (Claude Desktop, an editor) that use JARVIS over MCP: create one
 * with a name, see it once, revoke it. JARVIS keeps only a fingerprint of each key.
 */
export function McpTokensCard() {
  const { t } = useTranslation();
  const [tokens, setTokens] = useState<readonly McpTokenInfo[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<McpTokenCreated | undefined>();

  const load = () =>
    request('GET /api/mcp/tokens').then(
      (r) => setTokens(r.tokens),
      (err: Error) => setError(err.message),
    );
  useEffect(() => {
    void load();
  }, []);

  const create = async () => {
    try {
      setCreated(await request('POST /api/mcp/tokens', { body: { name: name.trim() } }));
      setName('');
      setError(undefined);
      await load();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const revoke = async (id: string) => {
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
          <p>{t('mcp.shownOnce', { name: created.info.name })}</p>
          <code>{created.token}</code>
          <button type="button" className="btn btn-small" onClick={() => setCreated(undefined)}>
            {t('mcp.done')}
          </button>
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
                  {tk.last_used_at ? t('mcp.lastUsed', { at: new Date(tk.last_used_at).toLocaleString() }) : t('mcp.neverUsed')}
                </span>
              </span>
              <button
                type="button"
                className="icon-btn danger"
                aria-label={`${t('mcp.revoke')}: ${tk.name}`}
                onClick={() => void revoke(tk.id)}
              >
                <Icon name="trash" />
              </button>
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
        <button type="submit" className="btn btn-small" disabled={!name.trim()}>
          {t('mcp.create')}
        </button>
      </form>
    </Card>
  );
}
