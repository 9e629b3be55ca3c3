import { describe, expect, it } from 'vitest';
import en from '#client/i18n/locales/en.json';
import enHiring from '#client/i18n/locales/en-hiring.json';
import enOtherPages from '#client/i18n/locales/en-other-pages.json';
import { createI18n, withHiringTexts, withOtherPageTexts } from '#client/i18n';
import { CANDIDATE_PAGES, expand, keyUses, leafKeys, reachableFiles } from './page-keys';

/*
 * Decision 0065: the hiring side's English texts are a chunk of their own, loaded with the hiring pages, so that a
 * candidate's first load carries only the shell's and the candidate pages' texts.
 */

describe("the hiring side's texts", () => {
  it('leave the candidate pages every key they use in the texts a candidate loads', () => {
    // The candidate pages off the main paths load theirs with them (decision 0083), as the hiring pages do.
    const english = leafKeys({ ...en, ...enOtherPages } as never);
    const hiring = leafKeys(enHiring as never);
    const { uses } = keyUses(reachableFiles(CANDIDATE_PAGES));
    const missing = uses.filter((use) => expand(use, english).length === 0).map((use) => `${use.file}: ${use.key}`);
    expect(missing).toEqual([]);
    expect(uses.filter((use) => expand(use, hiring).length > 0)).toEqual([]);
  });

  it('are sections of their own, none shared with the texts every visitor loads', () => {
    expect(Object.keys(enHiring).filter((section) => section in en || section in enOtherPages)).toEqual([]);
    expect(Object.keys(enOtherPages).filter((section) => section in en)).toEqual([]);
  });

  it('reach an instance made before they load and one made after, in English and as the fallback of Welsh', async () => {
    const before = createI18n('cy');
    expect(before.exists('pipeline.search.allRoles')).toBe(false);
    await expect(withHiringTexts(Promise.resolve('page chunk'))).resolves.toBe('page chunk');
    expect(before.t('pipeline.search.allRoles')).toBe('All roles');
    const after = createI18n('en');
    expect(after.t('pipeline.search.allRoles')).toBe('All roles');
    expect(after.t('common.close')).toBe('Close');
  });

  it("of the other candidate pages reach an instance made before they load, and stay out of the shell's", async () => {
    const before = createI18n('cy');
    expect(before.exists('account.title')).toBe(false);
    await expect(withOtherPageTexts(Promise.resolve('page chunk'))).resolves.toBe('page chunk');
    expect(before.t('account.title')).toBe(enOtherPages.account.title);
    expect(createI18n('en').t('account.title')).toBe(enOtherPages.account.title);
  });
});
