import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError } from './chunk-load';
import { ChunkLoadErrorScreen } from './screens/chunk-load-error-screen';
import { FatalErrorScreen } from './screens/fatal-error-screen';

interface AppErrorBoundaryProps {
  children: ReactNode;
}

/** Last line of defence for errors outside the router (site loading, providers). */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render crash', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <FatalErrorScreen /> : this.props.children;
  }
}

interface RouteErrorBoundaryProps {
  /** The location's key: a navigation clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  resetKey: string;
  error: { caught: unknown } | null;
}

/** Around the routed content: a crash while rendering or loading any route, until the next navigation. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { resetKey: this.props.resetKey, error: null };

  static getDerivedStateFromError(caught: unknown): Partial<RouteErrorBoundaryState> {
    return { error: { caught } };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, error: null };
  }

  override render() {
    return this.state.error ? <RouteErrorScreen error={this.state.error.caught} /> : this.props.children;
  }
}

/** What a route's crash shows: a reload for a page that could not be downloaded, the crash screen otherwise. */
function RouteErrorScreen({ error }: { error: unknown }) {
  useEffect(() => console.error('Route error', error), [error]);
  return isChunkLoadError(error) ? <ChunkLoadErrorScreen /> : <FatalErrorScreen />;
}
