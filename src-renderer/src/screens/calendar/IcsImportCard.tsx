import { useState, type ChangeEvent } from 'react';
import type { IcsImportResponse, IcsSkippedComponent } from '../../../../src-shared';
import { request } from '../../api';
import { Card } from '../../components/Card';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import { messageOf } from '../../store/resource';

/** A calendar file larger than this is not read in the browser (the master refuses far less anyway). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** One left-out component in the app's language: what, where, why. */
function SkippedLine({ item }: { item: IcsSkippedComponent }) {
  const { t } = useTranslation();
  const title = item.title || t('calendar.import.untitled');
  const what = t(`calendar.import.kind.${item.kind}`, { title });
  const where = item.line !== null ? t('calendar.import.line', { line: item.line }) : '';
  const why =
    item.code === 'bad_value' && item.property
      ? t('calendar.import.reason.bad_value', { property: item.property, value: item.value ?? '' })
      : t(`calendar.import.reason.${item.code === 'bad_value' ? 'unreadable' : item.code}`);
  return (
    <li>
      <span className="item-main">
        <span>
          {what}
          {where ? <span className="muted"> · {where}</span> : null}
        </span>
        <span className="muted small">{why}</span>
      </span>
    </li>
  );
}

/** Takes over the events and tasks of a calendar file (.ics) and says what it could not read, with the line. */
export function IcsImportCard() {
  const { t } = useTranslation();
  const [result, setResult] = useState<IcsImportResponse | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setResult(undefined);
    setError(undefined);
    if (file.size > MAX_FILE_BYTES) return setError(t('calendar.import.tooLarge'));
    setBusy(true);
    try {
      const answer = await request('POST /api/calendar/import', { body: { ics: await file.text() } });
      setResult(answer);
      void useStore.getState().loadHomeParts(['calendar', 'reminders']);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('calendar.import.title')} className="span-12" testId="card-ics-import">
      <p className="muted">{t('calendar.import.hint')}</p>
      <label className="btn">
        {busy ? t('calendar.import.reading') : t('calendar.import.choose')}
        <input type="file" accept=".ics,text/calendar" className="sr-only" disabled={busy} onChange={(e) => void pick(e)} />
      </label>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <div role="status" data-testid="ics-import-result">
          <p>
            {t('calendar.import.done', {
              events: result.imported.length,
              updated: result.updated.length,
              tasks: result.tasks.length,
            })}
          </p>
          {result.skipped.length ? (
            <>
              <h3 className="small">{t('calendar.import.skipped', { count: result.skipped.length })}</h3>
              <ul className="item-list" data-testid="ics-import-skipped">
                {result.skipped.map((item, i) => (
                  <SkippedLine key={`${item.line ?? 'x'}-${i}`} item={item} />
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
