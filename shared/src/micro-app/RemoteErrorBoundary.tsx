import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../ui/components';

interface Props {
  appName: string;
  children: ReactNode;
}

/** Contains a render error to the remote that threw it; the chrome and other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.appName}] render failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div data-testid={`remote-fallback-${this.props.appName}`}>
          <ErrorState onRetry={() => this.setState({ error: null })} />
        </div>
      );
    }
    return this.props.children;
  }
}
