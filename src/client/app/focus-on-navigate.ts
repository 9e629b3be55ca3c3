import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { MAIN_CONTENT_ID } from './layouts/main-content';

/**
 * After a client-side navigation, focus moves to the new page's <main>, so screen-reader and
 * keyboard users start at the new content rather than on the link they followed. It runs above
 * the layouts because a navigation between layouts mounts a new <main>.
 */
export function useFocusMainOnNavigate(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  }, [pathname]);
}
