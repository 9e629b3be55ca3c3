import type { format, Locale } from 'date-fns';
import { own } from '../rules/own';

/**
 * The date-fns locale of each language the product offers (configs/translations), so a date reads in the page's
 * language whatever the browser's Intl knows (Chromium has no Welsh, and would fall back to US English silently).
 * zh-Hant is Hong Kong's (Hartley & Finch); its long date is Taiwan's too. Each loads when a language is first
 * shown, so a page in English never downloads the others.
 */
const LOADERS: Readonly<Record<string, () => Promise<Locale>>> = {
  ar: () => import('date-fns/locale/ar').then((m) => m.ar),
  cy: () => import('date-fns/locale/cy').then((m) => m.cy),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  'zh-Hans': () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
  'zh-Hant': () => import('date-fns/locale/zh-HK').then((m) => m.zhHK),
};

/** A language's long date: date-fns's `format` with its locale (both load with the language, decision 0083). */
export type LongDate = (date: Date) => string;

const loaded = new Map<string, LongDate>();

/** Makes `language`'s long dates available to formatLongDate; a language with no locale of its own reads in English. */
export async function loadDateLocale(language: string): Promise<void> {
  const load = own(LOADERS, language);
  if (!load || loaded.has(language)) return;
  const [locale, { format: formatWith }] = await Promise.all([load(), import('date-fns/format')]);
  loaded.set(language, (date) => (formatWith as typeof format)(date, 'PPP', { locale }));
}

/** Every language's locale at once: the server, which writes in any of them. */
export async function loadAllDateLocales(): Promise<void> {
  await Promise.all(Object.keys(LOADERS).map(loadDateLocale));
}

/** A language's long date once its locale is loaded. */
export function longDateIn(language: string): LongDate | undefined {
  return loaded.get(language);
}
