import { createElement, Suspense, use, useEffect, useState, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { HostSide } from '#schemas/product';
import { DelayedSpinner } from '../ui/spinner/delayed-spinner';
import { loadChunk } from './chunk-load';
import { RouteErrorBoundary } from './error-boundary';
import { LayoutRoute, type LayoutName } from './layouts/layouts';
import { RequireSignIn } from './require-sign-in';
import { RootLayout } from './root-layout';
import { pageRoutes, type PageRoute } from './route-table';
import { NotFoundPage } from './screens/not-found-page';

/** Each page route's download, to start before the first render (see AppRoutes). */
const pageLoads = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * A route whose page downloads its feature chunk when first rendered (spec §8: given up after 120 s). The download is
 * remembered, a failed one too: the chunk-load error screen offers a reload, as a new deployment needs one anyway.
 */
export function pageRoute(path: string, page: () => Promise<ComponentType>): RouteObject {
  let download: Promise<ComponentType> | undefined;
  const load = () => {
    if (download) return download;
    const started = loadChunk(page);
    // Marked as React marks a promise it has read, so that a page downloaded before its first render (AppRoutes)
    // renders at once rather than suspending for a microtask.
    void started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      () => {},
    );
    return (download = started);
  };
  function Page() {
    // The one component the chunk exports: the same on every render, so the page keeps its state.
    return createElement(use(load()));
  }
  const route: RouteObject = { path, element: <Page /> };
  pageLoads.set(route, load);
  return route;
}

/** Routes grouped under their layout; protected ones under the sign-in guard inside it. */
function layoutGroups(routes: PageRoute[]): RouteObject[] {
  const byLayout = new Map<LayoutName, PageRoute[]>();
  for (const route of routes) byLayout.set(route.layout, [...(byLayout.get(route.layout) ?? []), route]);
  return [...byLayout].map(([layout, members]) => {
    const toRoute = ({ path, page }: PageRoute) => pageRoute(path, page);
    const open = members.filter((route) => !route.signIn).map(toRoute);
    const guarded = members.filter((route) => route.signIn).map(toRoute);
    return {
      element: <LayoutRoute name={layout} />,
      children: guarded.length > 0 ? [...open, { element: <RequireSignIn />, children: guarded }] : open,
    };
  });
}

/** Every route of spec §2 for one side of the product. Build once: each page's download is remembered in it. */
export function buildRoutes(side: HostSide): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        ...layoutGroups(pageRoutes(side)),
        { element: <LayoutRoute name="main" />, children: [{ path: '*', element: <NotFoundPage /> }] },
      ],
    },
  ];
}

/**
 * The routed content, inside a <BrowserRouter> (or a <MemoryRouter> in tests). A crash while rendering or loading any
 * route shows the route error screen until the next navigation. The first page's chunk downloads before anything
 * renders, with the spinner (as the data router's HydrateFallback did): a page revealed by Suspense instead would wait
 * for React's 300 ms reveal throttle. Navigations are transitions, so a page stays on screen while the next one's chunk
 * downloads.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const [firstLoad] = useState(() => {
    const downloads = (matchRoutes(routes, location) ?? []).map(({ route }) => pageLoads.get(route)?.());
    // A failed download is shown by the page itself, through the error boundary.
    return Promise.allSettled(downloads);
  });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    void firstLoad.then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [firstLoad]);
  return (
    <RouteErrorBoundary resetKey={location.key}>
      {ready ? <Suspense fallback={<DelayedSpinner />}>{element}</Suspense> : <DelayedSpinner />}
    </RouteErrorBoundary>
  );
}
