import { useState, type FormEvent } from 'react';
import { MCP_SERVER_NAME_PATTERN, type McpServerUpdate, type McpServerView } from '../../../../src-shared';
import { Field } from '../../components/Field';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { TestOutcome, useTest } from './mcp-test';

// Env and header values are secrets: typed in once, never shown again. The master checks
// every field as well; the form says what is missing first, next to the field.

const NAME = new RegExp(MCP_SERVER_NAME_PATTERN);
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

interface EnvRow {
  readonly name: string;
  readonly value: string;
  /** A variable the master keeps a value for: left empty, that value stays (the form never sees it). */
  readonly stored?: string;
}

type FieldErrors = Partial<Record<'name' | 'command' | 'url' | 'env' | 'header' | 'form', string>>;

/** Which field a refusal of the master names (a JSON pointer). */
function fieldOf(path: string | undefined): keyof FieldErrors {
  if (!path) return 'form';
  if (path.startsWith('/name')) return 'name';
  if (path.startsWith('/command') || path.startsWith('/args')) return 'command';
  if (path.startsWith('/url') || path.startsWith('/bearer_token')) return 'url';
  if (path.startsWith('/env')) return 'env';
  if (path.startsWith('/secret_header')) return 'header';
  return 'form';
}

const AUTHORIZATION = 'Authorization';

/**
 * The form that adds a server or, given `editing`, changes one added here: a name, then a
 * program (with its arguments and secret variables) or a web address (with a token). When
 * changing, a stored secret is shown only as "stored": left empty it stays, typed over it
 * is replaced, removed it is deleted.
 */
export function McpServerForm({ editing, onDone }: { editing?: McpServerView; onDone?: () => void }) {
  const { t } = useTranslation();
  const add = useStore((s) => s.addMcpServer);
  const update = useStore((s) => s.updateMcpServer);
  const test = useTest();
  const storedHeaders = editing?.kind === 'http' ? editing.header_names : [];
  const storedHeader = storedHeaders.find((h) => h !== AUTHORIZATION);
  const [kind, setKind] = useState<'stdio' | 'http'>(editing?.kind ?? 'stdio');
  const [name, setName] = useState(editing?.name ?? '');
  const [command, setCommand] = useState(editing?.command ?? '');
  const [args, setArgs] = useState((editing?.args ?? []).join('\n'));
  const [env, setEnv] = useState<EnvRow[]>(
    editing?.kind === 'stdio' ? editing.env_names.map((n) => ({ name: n, value: '', stored: n })) : [],
  );
  const [url, setUrl] = useState(editing?.url ?? 'https://');
  const [token, setToken] = useState('');
  const [tokenStored, setTokenStored] = useState(storedHeaders.includes(AUTHORIZATION));
  const [headerName, setHeaderName] = useState(storedHeader ?? '');
  const [headerValue, setHeaderValue] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | undefined>();
  const ids = editing ? `mcp-edit-${editing.name}` : 'mcp-add';

  /** A stored header value stays while its name is unchanged and nothing new was typed. */
  const headerKept = storedHeader !== undefined && headerName.trim() === storedHeader && headerValue === '';

  /** The request, or the field errors that keep it from being sent. */
  const build = (): McpServerUpdate | undefined => {
    const found: FieldErrors = {};
    if (!NAME.test(name.trim())) found.name = t('settings.mcp.errors.name');
    if (kind === 'stdio') {
      if (!command.trim()) found.command = t('settings.mcp.errors.command');
      if (env.some((r) => (r.name.trim() || r.value) && !ENV_NAME.test(r.name.trim()))) found.env = t('settings.mcp.errors.env');
    } else {
      if (!/^https?:\/\/[^/\s]+/.test(url.trim())) found.url = t('settings.mcp.errors.url');
      if (!headerKept && (headerName.trim() === '') !== (headerValue === '')) found.header = t('settings.mcp.errors.header');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return undefined;
    if (kind === 'stdio') {
      const rows = env.filter((r) => r.name.trim());
      const typed = rows.filter((r) => !(r.stored === r.name.trim() && r.value === ''));
      const keep =
        editing?.kind === 'stdio' ? rows.filter((r) => r.stored === r.name.trim() && r.value === '').map((r) => r.name.trim()) : [];
      return {
        name: name.trim(),
        kind,
        command: command.trim(),
        args: args
          .split('\n')
          .map((a) => a.trim())
          .filter(Boolean),
        ...(typed.length > 0 ? { env: Object.fromEntries(typed.map((r) => [r.name.trim(), r.value])) } : {}),
        ...(keep.length > 0 ? { keep_secrets: keep } : {}),
      };
    }
    const keep =
      editing?.kind === 'http' ? [...(tokenStored && !token.trim() ? [AUTHORIZATION] : []), ...(headerKept ? [storedHeader] : [])] : [];
    return {
      name: name.trim(),
      kind,
      url: url.trim(),
      ...(token.trim() ? { bearer_token: token.trim() } : {}),
      ...(headerName.trim() && !headerKept ? { secret_header: { name: headerName.trim(), value: headerValue } } : {}),
      ...(keep.length > 0 ? { keep_secrets: keep } : {}),
    };
  };

  const runTest = () => {
    const req = build();
    if (req) void test.run(req);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAdded(undefined);
    const req = build();
    if (!req) return;
    setAdding(true);
    const refusal = editing ? await update(editing.name, req) : await add(req);
    setAdding(false);
    if (refusal) {
      setErrors({ [fieldOf(refusal.path)]: refusal.message });
      return;
    }
    if (editing) {
      onDone?.();
      return;
    }
    // Kept only now that the master took it: the secrets leave the form.
    setAdded(req.name);
    setName('');
    setCommand('');
    setArgs('');
    setEnv([]);
    setUrl('https://');
    setToken('');
    setHeaderName('');
    setHeaderValue('');
    test.clear();
  };
  const storedHint = t('settings.mcp.storedHint');

  return (
    <form className="connect-form mcp-form" onSubmit={(e) => void submit(e)} data-testid={ids} noValidate>
      <h3>{editing ? t('settings.mcp.editTitle', { name: editing.name }) : t('settings.mcp.addTitle')}</h3>
      <Field label={t('settings.mcp.name')} error={errors.name} hint={editing ? t('settings.mcp.nameStays') : t('settings.mcp.nameHint')}>
        <input value={name} maxLength={32} readOnly={editing !== undefined} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </Field>
      <div className="mode-toggle" role="group" aria-label={t('settings.mcp.kind')}>
        {(['stdio', 'http'] as const).map((k) => (
          <button key={k} type="button" aria-pressed={kind === k} onClick={() => (setKind(k), setErrors({}), test.clear())}>
            {t(`settings.mcp.kinds.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'stdio' ? (
        <>
          <Field label={t('settings.mcp.command')} error={errors.command} hint={t('settings.mcp.commandHint')}>
            <input value={command} maxLength={4096} onChange={(e) => setCommand(e.target.value)} autoComplete="off" />
          </Field>
          <Field label={t('settings.mcp.args')} hint={t('settings.mcp.argsHint')}>
            <textarea rows={3} value={args} onChange={(e) => setArgs(e.target.value)} />
          </Field>
          <fieldset className="mcp-env">
            <legend>{t('settings.mcp.env')}</legend>
            {env.map((row, i) => (
              <div className="row mcp-env-row" key={i}>
                <Field label={t('settings.mcp.envName')} size="narrow">
                  <input
                    value={row.name}
                    maxLength={64}
                    autoComplete="off"
                    onChange={(e) => setEnv((rows) => rows.map((r, j) => (j === i ? { ...r, name: e.target.value } : r)))}
                  />
                </Field>
                <Field label={t('settings.mcp.envValue')} size="grow">
                  <input
                    type="password"
                    value={row.value}
                    maxLength={8192}
                    autoComplete="new-password"
                    placeholder={row.stored === row.name.trim() && row.stored ? storedHint : undefined}
                    onChange={(e) => setEnv((rows) => rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
                  />
                </Field>
                <button type="button" className="btn btn-small" onClick={() => setEnv((rows) => rows.filter((_, j) => j !== i))}>
                  {t('settings.mcp.envRemove')}
                </button>
              </div>
            ))}
            {errors.env ? (
              <p className="inline-error" role="alert">
                {errors.env}
              </p>
            ) : null}
            <button type="button" className="btn btn-small" onClick={() => setEnv((rows) => [...rows, { name: '', value: '' }])}>
              {t('settings.mcp.envAdd')}
            </button>
            <p className="field-hint">{t('settings.mcp.secretHint')}</p>
          </fieldset>
        </>
      ) : (
        <>
          <Field label={t('settings.mcp.url')} error={errors.url}>
            <input value={url} maxLength={4096} inputMode="url" onChange={(e) => setUrl(e.target.value)} autoComplete="off" />
          </Field>
          <div className="row mcp-env-row">
            <Field
              label={t('settings.mcp.token')}
              size="grow"
              hint={tokenStored ? t('settings.mcp.tokenStoredHint') : t('settings.mcp.secretHint')}
            >
              <input
                type="password"
                value={token}
                maxLength={8192}
                autoComplete="new-password"
                placeholder={tokenStored ? storedHint : undefined}
                onChange={(e) => setToken(e.target.value)}
              />
            </Field>
            {tokenStored ? (
              <button type="button" className="btn btn-small" onClick={() => setTokenStored(false)}>
                {t('settings.mcp.tokenDelete')}
              </button>
            ) : null}
          </div>
          <div className="row">
            <Field label={t('settings.mcp.headerName')} size="narrow" error={errors.header}>
              <input value={headerName} maxLength={64} autoComplete="off" onChange={(e) => setHeaderName(e.target.value)} />
            </Field>
            <Field label={t('settings.mcp.headerValue')} size="grow">
              <input
                type="password"
                value={headerValue}
                maxLength={8192}
                autoComplete="new-password"
                placeholder={headerKept ? storedHint : undefined}
                onChange={(e) => setHeaderValue(e.target.value)}
              />
            </Field>
          </div>
        </>
      )}
      <div className="row">
        <button type="button" className="btn" disabled={test.busy} aria-busy={test.busy || undefined} onClick={runTest}>
          {test.busy ? t('settings.mcp.testing') : t('settings.mcp.test')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={adding} aria-busy={adding || undefined}>
          {editing ? t('settings.mcp.save') : t('settings.mcp.add')}
        </button>
        {editing ? (
          <button type="button" className="btn" onClick={onDone}>
            {t('settings.mcp.cancel')}
          </button>
        ) : null}
      </div>
      {test.busy ? <progress aria-label={t('settings.mcp.testing')} /> : null}
      <TestOutcome answer={test.answer} testId={`${ids}-test`} />
      {errors.form ? (
        <p className="inline-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {added ? (
        <p className="ok-text" role="status">
          {t('settings.mcp.added', { name: added })}
        </p>
      ) : null}
    </form>
  );
}
