import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { HostSide } from '#schemas/product';
import { DelayedSpinner } from '../ui/spinner/delayed-spinner';
import { loadChunk } from './chunk-load';
import { RouteErrorScreen } from './error-boundary';
import { LayoutRoute, type LayoutName } from './layouts/layouts';
import { RequireSignIn } from './require-sign-in';
import { RootLayout } from './root-layout';
import { pageRoutes, type PageRoute } from './route-table';
import { NotFoundPage } from './screens/not-found-page';

function toRouteObject({ path, page }: PageRoute): RouteObject {
  return { path, lazy: async () => ({ Component: await loadChunk(page) }) };
}

/** Routes grouped under their layout; protected ones under the sign-in guard inside it. */
function layoutGroups(routes: PageRoute[]): RouteObject[] {
  const byLayout = new Map<LayoutName, PageRoute[]>();
  for (const route of routes) byLayout.set(route.layout, [...(byLayout.get(route.layout) ?? []), route]);
  return [...byLayout].map(([layout, members]) => {
    const open = members.filter((route) => !route.signIn).map(toRouteObject);
    const guarded = members.filter((route) => route.signIn).map(toRouteObject);
    return {
      element: <LayoutRoute name={layout} />,
      children: guarded.length > 0 ? [...open, { element: <RequireSignIn />, children: guarded }] : open,
    };
  });
}

/** Every route of spec §2 for one side of the product. */
export function buildRoutes(side: HostSide): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      HydrateFallback: DelayedSpinner,
      children: [
        ...layoutGroups(pageRoutes(side)),
        { element: <LayoutRoute name="main" />, children: [{ path: '*', element: <NotFoundPage /> }] },
      ],
    },
  ];
}

export function createAppRouter(side: HostSide) {
  return createBrowserRouter(buildRoutes(side));
}
