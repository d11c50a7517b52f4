import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

interface Props {
  /** A new value (the location) clears a caught error, so Go Back and the menu leave the error page. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | undefined;
  resetKey: string;
}

/** Shows a page that throws as the generic error page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    if (this.state.error) return <ErrorPage message={this.state.error.message || 'An unexpected error occurred.'} />;
    return this.props.children;
  }
}
