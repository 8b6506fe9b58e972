import { useId, type ReactNode } from 'react';
import { useTranslation } from '../i18n';
import type { Resource } from '../store/resource';
import { ErrorBoundary } from './ErrorBoundary';

interface CardProps {
  readonly title: string;
  readonly actions?: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
  readonly testId?: string;
}

/** A titled card behind its own error boundary: a failure stays inside it. */
export function Card({ title, actions, className, children, testId }: CardProps) {
  const id = useId();
  return (
    <ErrorBoundary label={title}>
      <section className={`card ${className ?? ''}`} aria-labelledby={id} data-testid={testId}>
        <header className="card-head">
          <h2 id={id}>{title}</h2>
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
        <div className="card-body">{children}</div>
      </section>
    </ErrorBoundary>
  );
}

/** Loading and error states of a resource; children get the data. */
export function ResourceView<T>({
  resource,
  children,
  onRetry,
}: {
  resource: Resource<T>;
  onRetry?: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (resource.data !== undefined) {
    return (
      <>
        {resource.status === 'error' ? (
          <p className="inline-error" role="status">
            {t('common.error', { message: resource.error })}
          </p>
        ) : null}
        {children(resource.data)}
      </>
    );
  }
  if (resource.status === 'error')
    return (
      <div className="inline-error" role="status">
        {t('common.error', { message: resource.error })}{' '}
        {onRetry ? (
          <button type="button" className="btn btn-small" onClick={onRetry}>
            {t('common.retry')}
          </button>
        ) : null}
      </div>
    );
  return <p className="muted">{t('common.loading')}</p>;
}
