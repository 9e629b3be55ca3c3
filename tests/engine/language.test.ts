import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '#engine/rules/language';

const supported = [
  { code: 'cy', name: 'Cymraeg' },
  { code: 'zh-Hant', name: '繁體中文' },
];

describe('chooseLanguage', () => {
  it.each([
    ['', 'en'],
    ['?language=cy', 'cy'],
    ['?language=CY', 'cy'],
    ['?language=zh-hant', 'zh-Hant'],
    ['?language=fr', 'en'],
    ['?language=', 'en'],
    ['?other=cy', 'en'],
  ])('%s → %s', (search, expected) => {
    expect(chooseLanguage(search, supported)).toBe(expected);
  });

  it.each([
    ['', 'cy', 'cy'],
    ['', 'CY', 'cy'],
    ['?language=en', 'cy', 'en'],
    ['?language=zh-Hant', 'cy', 'zh-Hant'],
    ['?language=fr', 'cy', 'cy'],
    ['', 'fr', 'en'],
    ['', null, 'en'],
  ])('%s with %s remembered → %s', (search, remembered, expected) => {
    expect(chooseLanguage(search, supported, remembered)).toBe(expected);
  });
});
