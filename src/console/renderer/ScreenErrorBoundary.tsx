import { Component, type ReactNode } from 'react';
import { ErrorMessage } from './skin/StatusViews';

/** A screen that cannot render (a published definition naming what this console lacks) shows why, and the shell stays up. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorMessage error={this.state.error} />;
  }
}
