import { Outlet } from 'react-router-dom';
import { CookieConsent } from '../features/consent/cookie-consent';
import { ToastRegion } from './toast-region';
import { UserLoader } from './user-loader';
import { useFocusMainOnNavigate } from './focus-on-navigate';
import { useScrollOnNavigate } from './scroll-on-navigate';
import { useDocumentTitle } from '../ui/page/use-page-title';

/** What every page has around its layout: the cookie question first, toasts last. */
export function RootLayout() {
  useFocusMainOnNavigate();
  useScrollOnNavigate();
  useDocumentTitle();
  return (
    <>
      <UserLoader />
      <CookieConsent />
      <Outlet />
      <ToastRegion />
    </>
  );
}
