import { describe, expect, it } from 'vitest';
import { answersView, compile, formatLongDate, mergeConfigurations } from '#engine';
import type { Configuration } from '#schemas/configuration';
import { completeAcmeAnswers } from '../factories/answers';
import { CONTEXT, PRODUCT } from './support/arbitraries';

describe('long dates in the language shown', () => {
  it('keep the spec format in English and use the language’s month names otherwise', () => {
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
