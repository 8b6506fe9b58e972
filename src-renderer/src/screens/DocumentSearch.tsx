import { useState } from 'react';
import { ResourceView } from '../components/Card';
import { useTranslation } from '../i18n';
import { useStore } from '../store';

/** Searches the household's documents; without Ollama the master searches by keywords. */
export function DocumentSearch() {
  const { t } = useTranslation();
  const search = useStore((s) => s.searchDocuments);
  const result = useStore((s) => s.docSearch);
  const [query, setQuery] = useState('');
  return (
    <div className="doc-search" data-testid="doc-search">
      <form
        role="search"
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void search(query);
        }}
      >
        <input
          type="search"
          aria-label={t('docSearch.label')}
          placeholder={t('docSearch.placeholder')}
          maxLength={2000}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn btn-small btn-primary">
          {t('docSearch.submit')}
        </button>
      </form>
      {result.status === 'idle' ? null : (
        <ResourceView resource={result} onRetry={() => void search(query)}>
          {(r) => (
            <>
              {r.mode === 'keyword' ? <p className="muted small">{t('docSearch.keywordOnly')}</p> : null}
              {r.results.length ? (
                <ol className="item-list search-results">
                  {r.results.map((hit) => (
                    <li key={`${hit.document_id}-${hit.chunk_id}`}>
                      <span className="item-main">
                        <strong>{hit.document}</strong>
                        {hit.location ? <span className="muted small"> · {hit.location}</span> : null}
                        <span className="small excerpt">{hit.excerpt}</span>
                      </span>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="muted">{t('docSearch.none')}</p>
              )}
            </>
          )}
        </ResourceView>
      )}
    </div>
  );
}
