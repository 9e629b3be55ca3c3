import 'i18next';
import type en from './locales/en.json';
import type enHiring from './locales/en-hiring.json';
import type enOtherPages from './locales/en-other-pages.json';

// Translation keys are checked at compile time against the English resource files (the hiring side's are loaded
// with its pages, as are the other pages' texts: src/client/i18n/index.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enHiring & typeof enOtherPages };
  }
}
