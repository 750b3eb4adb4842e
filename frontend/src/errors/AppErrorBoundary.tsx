import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppErrorScreen } from './AppErrorScreen';
import { errorSeverity, newErrorId } from './severity';

export const MAX_ERROR_RETRIES = 3;

interface State {
  error: unknown;
  errorId: string | null;
  attempts: number;
}

/** The last line of defence: anything that escapes a page lands on the application error screen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, errorId: null, attempts: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, errorId: newErrorId() };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.state.errorId ?? 'error'}]`, error, info.componentStack);
  }

  private retry = () => {
    this.setState((state) => ({ error: null, errorId: null, attempts: state.attempts + 1 }));
  };

  render() {
    if (this.state.errorId === null) return this.props.children;
    return (
      <AppErrorScreen
        severity={errorSeverity(this.state.error)}
        errorId={this.state.errorId}
        retriesLeft={MAX_ERROR_RETRIES - this.state.attempts}
        onRetry={this.retry}
      />
    );
  }
}
