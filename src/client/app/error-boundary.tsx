import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
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

/** The router's errorElement: a crash while rendering or loading any route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return isChunkLoadError(error) ? <ChunkLoadErrorScreen /> : <FatalErrorScreen />;
}
