import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { answersView, compile, formatLongDate, loadAllDateLocales, mergeConfigurations } from '#engine';
import { joinList } from '#schemas/messages';
import { withBrowserIntl } from '../helpers/browser-intl';
import type { Configuration } from '#schemas/configuration';
import { completeAcmeAnswers } from '../factories/answers';
import { CONTEXT, PRODUCT } from './support/arbitraries';

describe('long dates in the language shown', () => {
  it('read in English until the language’s locale has loaded', async () => {
    const { longDateIn, loadDateLocale } = await import('#engine/screens/date-locales');
    if (!longDateIn('fr')) expect(formatLongDate('2026-11-02', 'fr')).toBe('2 November 2026');
    await loadDateLocale('fr');
    expect(formatLongDate('2026-11-02', 'fr')).toBe('2 novembre 2026');
  });

  it('in English, read as date-fns’s d MMMM yyyy would write them, for any day', async () => {
    const { format } = await import('date-fns');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true }),
        (date) => {
          expect(formatLongDate(date.toISOString())).toBe(format(date, 'd MMMM yyyy'));
        },
      ),
    );
  });

  it('keep the spec format in English and use the language’s month names otherwise', async () => {
    await loadAllDateLocales();
    expect(formatLongDate('2026-11-02')).toBe('2 November 2026');
    expect(formatLongDate('2026-11-02', 'en')).toBe('2 November 2026');
    expect(formatLongDate('2026-11-02', 'cy')).toBe('2 Tachwedd 2026');
    expect(formatLongDate('2026-11-02', 'fr')).toBe('2 novembre 2026');
    expect(formatLongDate('2026-11-02', 'zh-Hant')).toBe('2026年11月2日');
    expect(formatLongDate('2026-11-02', 'zh-Hans')).toBe('2026年11月2日');
    expect(formatLongDate('2026-11-02', 'ar')).toMatch(/نوفمبر/);
    // Not a language: the default format; not a date: as given.
    expect(formatLongDate('2026-11-02', 'not a language!')).toBe('2 November 2026');
    expect(formatLongDate('soon', 'cy')).toBe('soon');
  });

  describe('where the browser has no data for the language (Chromium has no Welsh)', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });
    it('a Welsh date still reads in Welsh', () => {
      withBrowserIntl();
      expect(formatLongDate('2026-12-24', 'cy')).toBe('24 Rhagfyr 2026');
    });
  });

  it('every language the product offers has its own long date', () => {
    const offered = readdirSync(join(import.meta.dirname, '../../configs/translations')).map((f) =>
      f.replace('.json', ''),
    );
    expect(offered.sort()).toEqual(['ar', 'cy', 'fr', 'zh-Hans', 'zh-Hant']);
    for (const language of offered) expect(formatLongDate('2026-12-24', language)).not.toBe('24 December 2026');
    expect(formatLongDate('2026-12-24', 'ar')).toBe('24 ديسمبر 2026');
  });
});

describe('lists in the language shown', () => {
  it('joins with the language’s words for "or" and "and", English by default', () => {
    expect(joinList(['PDF', 'DOC', 'DOCX'])).toBe('PDF, DOC or DOCX');
    expect(joinList(['PDF', 'DOC', 'DOCX'], 'and')).toBe('PDF, DOC and DOCX');
    expect(joinList(['PDF'])).toBe('PDF');
    expect(joinList([])).toBe('');
    const chinese = { separator: '、', or: '{{items}}或{{last}}', and: '{{items}}和{{last}}' };
    expect(joinList(['PDF', 'DOC', 'DOCX'], 'or', chinese)).toBe('PDF、DOC或DOCX');
  });
});

describe('check answers: uploaded documents', () => {
  const configuration: Configuration = mergeConfigurations(PRODUCT, {
    custom: [{ id: 'startDate', type: 'date', label: 'When could you start?' }],
  });
  const form = compile(configuration, CONTEXT);

  it('a file answer names its document (for a download link); other answers name none', () => {
    const sections = answersView(
      form,
      { ...completeAcmeAnswers, cv: { id: 'doc-1', name: 'ada-cv.pdf', size: 10 }, startDate: '2027-09-01' },
      { yes: 'Ydw', no: 'Nac ydw', notAnswered: 'Heb ateb', language: 'cy' },
    );
    const rows = sections.flatMap((s) => s.rows);
    expect(rows.find((r) => r.fieldId === 'cv')).toMatchObject({
      value: 'ada-cv.pdf',
      file: { id: 'doc-1', name: 'ada-cv.pdf' },
    });
    expect(rows.find((r) => r.fieldId === 'firstName')!.file).toBeUndefined();
    expect(rows.find((r) => r.fieldId === 'startDate')!.value).toBe('1 Medi 2027');
    const empty = answersView(form, { ...completeAcmeAnswers, cv: undefined }).flatMap((s) => s.rows);
    expect(empty.find((r) => r.fieldId === 'cv')).toMatchObject({ value: 'Not answered' });
    expect(empty.find((r) => r.fieldId === 'cv')!.file).toBeUndefined();
  });
});
