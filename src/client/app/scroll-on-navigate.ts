import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each visited history entry was scrolled to, by location key, for back and forward. */
const positions = new Map<string, number>();

/**
 * Scroll as the data router's <ScrollRestoration> did: a new page (a link, a form's next step, a new page of results)
 * starts at its top, or at the element its hash names; back and forward return to where that entry was left, once the
 * page has rendered. Runs on each navigation, not on the first render (the browser's own position stands).
 */
export function useScrollOnNavigate(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(location.key);

  useEffect(() => {
    const restoration = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      window.removeEventListener('scroll', remember);
      window.history.scrollRestoration = restoration;
    };
  }, []);

  useLayoutEffect(() => {
    if (current.current === location.key) return;
    current.current = location.key;
    if (navigationType === 'POP') {
      window.scrollTo(0, positions.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}
