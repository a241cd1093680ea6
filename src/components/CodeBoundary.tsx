import { Component, Suspense, lazy, type ComponentType, type ReactNode } from 'react';

/**
 * React.lazy that can be asked again: React keeps a lazy component's failure for good, so a part
 * whose code could not load is given a fresh lazy component to try with (`retry`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let current = lazy(load);
  return {
    get Component() {
      return current;
    },
    retry: () => {
      current = lazy(load);
    },
  };
}

interface CodeBoundaryProps {
  /** The part, drawn anew on each try (so that it reads a retryableLazy's current component). */
  children: () => ReactNode;
  /** Shown while the code loads, and in its place if it cannot load. */
  fallback?: ReactNode;
  /** Shown instead of `fallback` once the code could not load (a dialog says why nothing opened). */
  failed?: ReactNode;
  /** Called before each new try (a retryableLazy's `retry`). */
  onRetry?: () => void;
}

/**
 * A part of a screen whose code is its own chunk (issue #45: the pie's drawing, the dashboard's
 * dialogs), loaded after the first paint. If that chunk cannot load (the network dropped before
 * it arrived, and the service worker does not hold it yet), only this part gives way: the screen
 * stays, and the part is tried again when the browser is back online. Without it, a lazy part's
 * failure reaches the route's error screen ("Waiting for the server") and takes the whole
 * dashboard with it.
 */
export class CodeBoundary extends Component<CodeBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private retry = () => {
    if (!this.state.failed) return;
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  render() {
    const { children, fallback = null, failed } = this.props;
    if (this.state.failed) return failed ?? fallback;
    return <Suspense fallback={fallback}>{children()}</Suspense>;
  }
}
