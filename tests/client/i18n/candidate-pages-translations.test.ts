import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '#client/i18n/locales/en.json';
import enOtherPages from '#client/i18n/locales/en-other-pages.json';
import { createI18n, withOtherPageTexts } from '#client/i18n';
import { uiStrings } from '#engine/config/translations';
import { DEMO_LANGUAGES, demoLanguageLayer } from '../../engine/support/demo-languages';
import { CANDIDATE_PAGES, expand, keyUses, leafKeys, pluralBase, reachableFiles, ROOT } from './page-keys';

/*
 * Issue 5: the candidate pages (roles, apply, preview, the application and its check answers,
 * submitted, /applications, /screen, the profile pages) in every demo organisation's extra
 * language, with no English left. The keys are found in the pages' source, so a new string on
 * these pages fails here until each demo language has it.
 */

/**
 * Calls whose key is not in the source: server messages, translated when a translation has them (spec §8), and the
 * form's memoising `t` (decision 0088), whose callers write their keys out.
 */
const PASS_THROUGH_CALLS = [
  'src/client/api/translated-messages.ts',
  'src/client/api/use-api-message.ts',
  'src/client/engine-ui/theme/form-translation.ts',
];

// The candidate pages' texts: the shell's and those loaded with the pages off the main paths (decision 0083).
const englishTexts = { ...en, ...enOtherPages };
const english = leafKeys(englishTexts as never);
const files = reachableFiles(CANDIDATE_PAGES);
const { uses, dynamic } = keyUses(files);
const pageKeys = [...new Set(uses.flatMap((use) => expand(use, english)))].sort();

/** The texts of a language as the organisation serves it (the product's translation ▸ its own). */
function translationOf(sub: string, language: string): Record<string, string> {
  return demoLanguageLayer(sub, language).text ?? {};
}

/** The keys a language needs for one English key: plural keys need every plural form of that language. */
function neededKeys(key: string, language: string): string[] {
  const base = pluralBase(key);
  if (!base) return [key];
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((category) => `${base}_${category}`);
}

/** Words spelt the same in English and in the language. */
const SAME_AS_ENGLISH = ['fr:header.admin', 'fr:toast.regionLabel'];

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the keys the candidate pages use', () => {
  it('are found in the pages’ source (and every one is an English key)', () => {
    expect(files.map((f) => path.relative(ROOT, f))).toEqual(
      expect.arrayContaining([
        'src/client/features/roles/roles-page.tsx',
        'src/client/engine-ui/flow/check-answers.tsx',
        'src/client/features/application/applications-page.tsx',
      ]),
    );
    expect(pageKeys).toEqual(
      expect.arrayContaining([
        'roles.filters.apply',
        'applications.confirmWithdraw.title',
        'form.file.download',
        'roles.found_one',
        'profile.saveAndContinue',
      ]),
    );
    const unknown = uses.filter((use) => expand(use, english).length === 0).map((use) => `${use.file}: ${use.key}`);
    expect(unknown).toEqual([]);
  });

  it('are all written out in the source, so none escapes this check', () => {
    expect(dynamic.filter((call) => !PASS_THROUGH_CALLS.some((file) => call.startsWith(file)))).toEqual([]);
  });
});

describe.each(DEMO_LANGUAGES)('%s: %s', (sub, language) => {
  const text = translationOf(sub, language);

  it('translates every key the candidate pages use, with every plural form of the language', () => {
    const missing = pageKeys.flatMap((key) => neededKeys(key, language)).filter((key) => !text[`ui.${key}`]?.trim());
    expect(missing).toEqual([]);
  });

  it('keeps the placeholders of the English text, and says something other than the English', () => {
    const englishText = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], englishTexts) as string;
    const problems: string[] = [];
    for (const key of pageKeys) {
      for (const needed of neededKeys(key, language)) {
        const translated = text[`ui.${needed}`];
        if (!translated) continue;
        const source = englishText(key);
        const expected = placeholders(source).filter((name) => !(pluralBase(key) && name === 'count'));
        const found = placeholders(translated).filter((name) => !(pluralBase(key) && name === 'count'));
        if (JSON.stringify(found) !== JSON.stringify(expected))
          problems.push(`${needed}: placeholders ${found.join(',')} instead of ${expected.join(',')}`);
        // Short words and names may read the same ('Pagination', 'English'); longer English copies are not
        // translations.
        if (
          translated === source &&
          !SAME_AS_ENGLISH.includes(`${language}:${needed}`) &&
          source.replace(/\{\{\s*\w+\s*\}\}/g, '').length > 12
        )
          problems.push(`${needed}: still English`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('shows the pages in that language through i18next, with no English fallback', async () => {
    // The texts the route table loads with the pages off the main paths.
    await withOtherPageTexts(Promise.resolve());
    const i18n = createI18n(language);
    i18n.addResourceBundle(language, 'translation', uiStrings({ text }), true, true);
    void i18n.changeLanguage(language);
    const fellBack = pageKeys
      .filter((key) => !pluralBase(key))
      .filter((key) => {
        const source = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], englishTexts) as string;
        return (
          !SAME_AS_ENGLISH.includes(`${language}:${key}`) &&
          source.replace(/\{\{\s*\w+\s*\}\}/g, '').length > 12 &&
          i18n.t(key as never, { name: 'X', role: 'Y', count: 3, date: 'Z' } as never) ===
            i18n.t(key as never, { lng: 'en', name: 'X', role: 'Y', count: 3, date: 'Z' } as never)
        );
      });
    expect(fellBack).toEqual([]);
    for (const count of [0, 1, 2, 3, 6, 11, 100, 1_000_000]) {
      expect(i18n.t('roles.found', { count })).not.toBe(i18n.t('roles.found', { count, lng: 'en' }));
    }
  });
});
