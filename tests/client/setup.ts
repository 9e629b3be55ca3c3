import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { chunksSettled } from '#client/app/chunk-load';
import { createI18n } from '#client/i18n';
import { installPrecompiledValidators } from './precompiled-validators';

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

afterEach(async () => {
  // A page chunk still downloading when the file's environment is torn down fails the run (vitest's
  // EnvironmentTeardownError): let every started download finish first.
  await chunksSettled();
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});
