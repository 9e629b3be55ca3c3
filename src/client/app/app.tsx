import { StrictMode, useState } from 'react';
import { Provider as JotaiProvider, useAtomValue, type createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { i18n } from 'i18next';
import { siteAtom } from '../state/site';
import { setSessionNavigator } from '../state/session';
import { AppErrorBoundary } from './error-boundary';
import { SiteGate } from './site-gate';
import { createAppRouter } from './router';

interface AppProps {
  store: ReturnType<typeof createStore>;
  i18n: i18n;
}

export function App({ store, i18n }: AppProps) {
  return (
    <StrictMode>
      <JotaiProvider store={store}>
        <I18nextProvider i18n={i18n}>
          <AppErrorBoundary>
            <SiteGate>
              <AppRouter />
            </SiteGate>
          </AppErrorBoundary>
        </I18nextProvider>
      </JotaiProvider>
    </StrictMode>
  );
}

function AppRouter() {
  const { side } = useAtomValue(siteAtom);
  // Created once: the side of a page load never changes.
  const [router] = useState(() => {
    const created = createAppRouter(side);
    // Logout moves within the app (spec §4: after 500 ms) instead of reloading the page.
    setSessionNavigator((to) => void created.navigate(to));
    return created;
  });
  return <RouterProvider router={router} />;
}
