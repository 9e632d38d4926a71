import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** The top error boundary: whatever breaks, the person sees a message and a way back, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="status-page status-page--error" role="alert">
        <h2 className="status-page__heading">页面出错了</h2>
        <div className="status-page__detail">
          <p className="status-page__code">{this.state.error.message}</p>
        </div>
        <div className="status-page__actions">
          <button
            type="button"
            className="status-page__button"
            onClick={() => window.location.reload()}
          >
            重新加载
          </button>
        </div>
      </section>
    );
  }
}
