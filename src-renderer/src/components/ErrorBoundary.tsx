import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n';
import { ScreenLoadError } from '../screens/lazy-screen';

interface Props {
  /** Shown in the fallback so the user knows which part failed. */
  readonly label: string;
  readonly children: ReactNode;
}

interface State {
  readonly error?: Error;
}

/** A failing card or screen shows its own error; the rest of the app keeps rendering. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.label}]`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error instanceof ScreenLoadError) {
      // A failed chunk stays failed in the module map: only a reload fetches it again.
      return (
        <div role="alert" className="card card-error">
          <strong>{t('common.cardFailed', { label: this.props.label })}</strong>
          <p>{t('common.loadFailed', { message: error.message })}</p>
          <button type="button" className="btn" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
        </div>
      );
    }
    if (error) {
      return (
        <div role="alert" className="card card-error">
          <strong>{t('common.cardFailed', { label: this.props.label })}</strong>
          <p>{error.message}</p>
          <button type="button" className="btn" onClick={() => this.setState({ error: undefined })}>
            {t('common.tryAgain')}
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
