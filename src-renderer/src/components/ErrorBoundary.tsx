import { Component, type ErrorInfo, type ReactNode } from 'react';

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
    if (this.state.error) {
      return (
        <div role="alert" className="card card-error">
          <strong>{this.props.label}: konnte nicht angezeigt werden</strong>
          <p>{this.state.error.message}</p>
          <button type="button" onClick={() => this.setState({ error: undefined })}>
            Erneut versuchen
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
