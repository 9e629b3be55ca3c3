import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { createI18n } from '../../src/client/i18n';

// Components without an I18nextProvider use the instance registered last by initReactI18next.
createI18n('en', { debug: false });

// jsdom has no layout engine: the router's scroll restoration would log "not implemented".
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
});
