import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, signInRedirectPath } from '#engine/rules/redirects';

describe('signInRedirectPath', () => {
  it('carries the original path and query in the redirect parameter', () => {
    expect(signInRedirectPath('/profile')).toBe('/login?redirect=%2Fprofile');
    expect(signInRedirectPath('/manager/roles', '?page=2&sort=name')).toBe(
      '/login?redirect=%2Fmanager%2Froles%3Fpage%3D2%26sort%3Dname',
    );
    expect(signInRedirectPath('/account', 'a=1')).toBe('/login?redirect=%2Faccount%3Fa%3D1');
    expect(signInRedirectPath('/account', '?')).toBe('/login?redirect=%2Faccount');
  });

  it('round-trips through safeRedirectTarget', () => {
    const path = signInRedirectPath('/settings/contact', '?tab=1');
    expect(safeRedirectTarget(path.slice(path.indexOf('?')))).toBe('/settings/contact?tab=1');
  });
});

describe('safeRedirectTarget', () => {
  it.each([
    ['?redirect=https%3A%2F%2Fevil.example', null],
    ['?redirect=%2F%2Fevil.example', null],
    ['?redirect=%2F%5Cevil.example', null],
    ['?redirect=profile', null],
    ['', null],
    ['?redirect=%2Fapplications', '/applications'],
  ])('%s → %s', (search, expected) => {
    expect(safeRedirectTarget(search)).toBe(expected);
  });
});
