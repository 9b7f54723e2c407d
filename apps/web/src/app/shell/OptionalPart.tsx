import { Component, type ReactNode, Suspense } from 'react';

type Props = { children: ReactNode };

/**
 * A part of the frame the screen does not need (a header button of a feature): while its code loads it shows
 * nothing, and if its code cannot load (a redeploy, a dropped connection) it stays away instead of taking the
 * whole frame down with the menu and the screen the user is working in.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
