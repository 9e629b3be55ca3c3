import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { HostSide } from '#schemas/product';
import { DelayedSpinner } from '../ui/spinner/delayed-spinner';
import { loadChunk } from './chunk-load';
import { RouteErrorBoundary } from './error-boundary';
import { LayoutRoute, type LayoutName } from './layouts/layouts';
import { RequireSignIn } from './require-sign-in';
import { RootLayout } from './root-layout';
import { pageRoutes, type PageRoute } from './route-table';
import { NotFoundPage } from './screens/not-found-page';

/**
 * A page that downloads its feature chunk when first rendered (spec §8: given up after 120 s). A failed download is
 * tried again the next time the page is rendered, rather than failing for the rest of the visit.
 */
export function lazyPage(page: () => Promise<ComponentType>): ComponentType {
  const create = () =>
    lazy(() =>
      loadChunk(page).then(
        (Component) => ({ default: Component }),
        (error: unknown) => {
          Current = create();
          throw error;
        },
      ),
    );
  let Current = create();
  return function LazyPage() {
    return <Current />;
  };
}

function toRouteObject({ path, page }: PageRoute): RouteObject {
  const Page = lazyPage(page);
  return { path, element: <Page /> };
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
 * route shows the route error screen until the next navigation. Navigations are transitions, so the page stays on
 * screen while the next one's chunk downloads; the spinner shows only on the first load.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(routes, location);
  return (
    <RouteErrorBoundary resetKey={location.key}>
      <Suspense fallback={<DelayedSpinner />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
