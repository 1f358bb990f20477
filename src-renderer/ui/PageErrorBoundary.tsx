import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel';
import { useI18n } from '../i18n';

interface State {
  error: unknown;
  failed: boolean;
}

/** One page failing must never blank the app: the sidebar and status bar stay, the page offers a Retry. */
export class PageErrorBoundary extends Component<{ children: ReactNode; page: string }, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[page ${this.props.page}]`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageCrash
        error={this.state.error}
        onRetry={() => this.setState({ error: undefined, failed: false })}
      />
    );
  }
}

function PageCrash({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <section className="page-crash" aria-labelledby="page-crash-title">
      <h2 id="page-crash-title">{t('error.title')}</h2>
      <ErrorPanel error={error} onRetry={onRetry} />
    </section>
  );
}
