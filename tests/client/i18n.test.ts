import { describe, expect, it, vi } from 'vitest';
import { FATAL_ERROR_TITLE, GENERIC_ERROR_MESSAGE } from '#engine/constants';
import en from '#client/i18n/locales/en.json';
import { createI18n } from '#client/i18n';
import { layoutForUserType } from '#client/app/layouts/layouts';

describe('English resources', () => {
  it('say the spec texts exactly', () => {
    expect(en.errors.fatalTitle).toBe(FATAL_ERROR_TITLE);
    expect(en.errors.generic).toBe(GENERIC_ERROR_MESSAGE);
    expect(en.consent.rejectAll).toBe('Reject all');
    expect(en.consent.acceptAll).toBe('Accept all');
    expect(en.consent.manage).toBe('Manage Cookies');
    expect(en.consent.save).toBe('Save preferences and close');
  });
});

describe('createI18n', () => {
  it('falls back to English silently for missing keys and languages', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = createI18n('cy');
    expect(i18n.t('common.loading')).toBe('Loading…');
    expect(i18n.t('no.such.key' as never)).toBe('no.such.key');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('flags missing keys in debug mode', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const i18n = createI18n('en', { debug: true });
    expect(i18n.t('no.such.key' as never)).toBe('⟦no.such.key⟧');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no.such.key'));
    warn.mockRestore();
  });
});

describe('layoutForUserType', () => {
  it.each([
    [undefined, 'candidate'],
    ['CANDIDATE', 'candidate'],
    ['ANONYMOUS_CANDIDATE', 'candidate'],
    ['HIRING_MANAGER', 'manager'],
    ['HIRING_MANAGER_ADMIN', 'manager'],
    ['ADMIN', 'admin'],
  ] as const)('%s → %s', (userType, layout) => {
    expect(layoutForUserType(userType)).toBe(layout);
  });
});
