import { StrictMode, useEffect, useState } from 'react';
import { Provider as JotaiProvider, useAtomValue, type createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import type { i18n } from 'i18next';
import { siteAtom } from '../state/site';
import { setSessionNavigator } from '../state/session';
import { AppErrorBoundary } from './error-boundary';
import { SiteGate } from './site-gate';
import { AppRoutes, buildRoutes } from './router';

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
  // Built once: the side of a page load never changes.
  const [routes] = useState(() => buildRoutes(side));
  return (
    <BrowserRouter>
      <SessionNavigator />
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}

/** Logout moves within the app (spec §4: after 500 ms) instead of reloading the page. */
function SessionNavigator() {
  const navigate = useNavigate();
  useEffect(() => setSessionNavigator((to) => void navigate(to)), [navigate]);
  return null;
}
