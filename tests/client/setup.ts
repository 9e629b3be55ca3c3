import { afterEach, vi } from 'vitest';
import axios from 'axios';
import { cleanup, configure } from '@testing-library/react';
import { http } from '#client/api/http';
import { chunksSettled } from '#client/app/chunk-load';
import { createI18n } from '#client/i18n';
import { installPrecompiledValidators } from './precompiled-validators';

// Run before each file. Files share a worker's loaded modules and jsdom document (vitest.config.ts), so what a test
// changes in them is put back after it (below), and what this file sets up is set up again for each file.

// Components without an I18nextProvider use the instance registered last by initReactI18next.
createI18n('en', { debug: false });

// Forms validate with validators the server would compile for them (decision 0076), compiled in the test instead.
installPrecompiledValidators();

// Lazy route chunks load through the module graph: on a loaded 2-core CI machine the first
// render of a big page can take seconds (more while the server suite runs beside it), so `findBy…`
// waits up to 15 s instead of 1 s.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout engine: the router's scroll restoration would log "not implemented".
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

/** Expires every cookie the page can see (tests and the app set them on path /). */
function clearCookies(): void {
  for (const cookie of document.cookie.split('; ').filter(Boolean))
    document.cookie = `${cookie.split('=', 1)[0]}=; Max-Age=0; path=/`;
}

afterEach(async () => {
  // A page chunk still downloading when the file's environment is torn down fails the run (vitest's
  // EnvironmentTeardownError): let every started download finish first.
  await chunksSettled();
  cleanup();
  vi.useRealTimers();
  // What a fresh document would not have: stored state, and what the site set-up (applySite) and analytics
  // (loadTagManager) put on the document.
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  document.title = '';
  for (const attribute of ['lang', 'dir', 'style']) document.documentElement.removeAttribute(attribute);
  document.getElementById('google-tag-manager')?.remove();
  delete window.dataLayer;
  // The one HTTP client as the app creates it: tests answer its calls with a fake adapter and connect sessions to it
  // (interceptors); the site set-up sets the language it asks in.
  http.defaults.adapter = axios.defaults.adapter;
  http.interceptors.request.clear();
  http.interceptors.response.clear();
  delete http.defaults.headers.common['Accept-Language'];
});
