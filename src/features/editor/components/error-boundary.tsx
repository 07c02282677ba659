import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of a composer that failed (the editor config rethrows Lexical's errors). */
export class ComposerBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('The chapter composer failed', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
