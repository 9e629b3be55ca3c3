import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Edition, UserType } from '#schemas/organization';
import {
  afterSignInPath,
  anonymousLandingPath,
  anonymousRedirectPath,
  landingPath,
  loginPathWithReturn,
  returnTargetFromLogin,
  safeRedirectTarget,
  signInRedirectPath,
} from '#engine/rules/redirects';
import { hasRole, HIRING_ROLES, isCandidate, isHiringManager, isHiringManagerAdmin } from '#engine/rules/roles';
import {
  isLocalHostname,
  LOGIN_MAX_DELAY_MINUTES,
  signInDelayMinutes,
  logoutClientName,
  normaliseEmail,
  shouldSendLogoutNotification,
  systemErrorMessage,
} from '#engine/rules/session';
import { isValidEmail } from '#engine/validation/email';
import { isValidPassword, passwordProblems } from '#engine/validation/password';

const userTypes: UserType[] = ['CANDIDATE', 'ANONYMOUS_CANDIDATE', 'HIRING_MANAGER', 'HIRING_MANAGER_ADMIN', 'ADMIN'];
const editions: Edition[] = ['ats', 'lateral', 'connect', 'contextual', 'internal'];
const userType = fc.constantFrom(...userTypes);
const edition = fc.constantFrom(...editions);
const applications = fc.array(
  fc.record({ role: fc.option(fc.record({ id: fc.string(), name: fc.string() }), { nil: null }) }),
  { maxLength: 4 },
);
const pathSegment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
const localPath = fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
const query = fc
  .dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ maxLength: 20 }), { maxKeys: 3 })
  .map((d) => new URLSearchParams(d).toString());
/** Strings an attacker might put in a return parameter. */
const hostile = fc.oneof(
  fc.constantFrom(
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    'evil.example',
    '\\\\evil',
  ),
  fc.webUrl(),
  fc.string(),
);

function isLocal(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    [...path].every((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f')
  );
}

describe('landing after sign-in (spec §2)', () => {
  it('candidates: /applications with an application that has a role, else /profile/create', () => {
    fc.assert(
      fc.property(edition, applications, (e, apps) => {
        const expected = apps.some((a) => a.role !== null) ? '/applications' : '/profile/create';
        expect(landingPath({ userType: 'CANDIDATE', applications: apps }, e)).toBe(expected);
      }),
    );
  });

  it('managers, hiring-manager admins and admins: /manager/search in connect, /manager/roles elsewhere', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<UserType>('HIRING_MANAGER', 'HIRING_MANAGER_ADMIN', 'ADMIN'),
        edition,
        applications,
        (t, e, apps) => {
          expect(landingPath({ userType: t, applications: apps }, e)).toBe(
            e === 'connect' ? '/manager/search' : '/manager/roles',
          );
        },
      ),
    );
  });

  it('anyone else lands where anonymous visitors do: /signup in connect, /roles elsewhere', () => {
    fc.assert(
      fc.property(edition, (e) => {
        expect(landingPath({ userType: 'ANONYMOUS_CANDIDATE' }, e)).toBe(anonymousLandingPath(e));
        expect(anonymousLandingPath(e)).toBe(e === 'connect' ? '/signup' : '/roles');
      }),
    );
  });
});

describe('return after sign-in', () => {
  it('the guarded page (redirect) comes back exactly, and wins over url/search and the landing page', () => {
    fc.assert(
      fc.property(userType, edition, localPath, query, localPath, (t, e, path, q, other) => {
        const login = signInRedirectPath(path, q);
        const search = `${login.slice(login.indexOf('?'))}&url=${encodeURIComponent(other)}`;
        expect(afterSignInPath({ userType: t }, e, search)).toBe(q ? `${path}?${q}` : path);
      }),
    );
  });

  it('a logout link (url and search) comes back to the page and its query', () => {
    fc.assert(
      fc.property(userType, edition, localPath, query, (t, e, path, q) => {
        const login = loginPathWithReturn(path, q ? `?${q}` : '');
        expect(login.startsWith('/login')).toBe(true);
        expect(afterSignInPath({ userType: t }, e, login.slice('/login'.length))).toBe(
          path === '/login' ? landingPath({ userType: t }, e) : q ? `${path}?${q}` : path,
        );
      }),
    );
  });

  it('never leaves the site, whatever the parameters say', () => {
    fc.assert(
      fc.property(userType, edition, hostile, hostile, hostile, (t, e, redirect, url, search) => {
        const params = new URLSearchParams({ redirect, url, search });
        const target = afterSignInPath({ userType: t }, e, `?${params.toString()}`);
        expect(isLocal(target), target).toBe(true);
        const fromLogin = returnTargetFromLogin(`?${params.toString()}`);
        if (fromLogin !== null) expect(isLocal(fromLogin)).toBe(true);
        const guarded = safeRedirectTarget(`?${params.toString()}`);
        if (guarded !== null) expect(isLocal(guarded)).toBe(true);
      }),
    );
  });

  it('with no parameters, the landing page', () => {
    fc.assert(
      fc.property(userType, edition, (t, e) => {
        expect(afterSignInPath({ userType: t }, e, '')).toBe(landingPath({ userType: t }, e));
      }),
    );
  });

  it('anonymous visitors asking for a page go to sign in and back; otherwise to the edition landing', () => {
    fc.assert(
      fc.property(edition, localPath, query, (e, path, q) => {
        const target = anonymousRedirectPath(e, { pathname: path, search: q });
        expect(safeRedirectTarget(target.slice(target.indexOf('?')))).toBe(q ? `${path}?${q}` : path);
        expect(anonymousRedirectPath(e)).toBe(anonymousLandingPath(e));
      }),
    );
  });
});

describe('roles (spec §6): ADMIN ⊃ HIRING_MANAGER_ADMIN ⊃ HIRING_MANAGER', () => {
  it('holding a level implies holding every lower level', () => {
    fc.assert(
      fc.property(userType, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), (t, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        if (hasRole(t, HIRING_ROLES[high]!)) expect(hasRole(t, HIRING_ROLES[low]!)).toBe(true);
      }),
    );
    expect(userTypes.filter((t) => hasRole(t, 'ADMIN'))).toEqual(['ADMIN']);
    expect(userTypes.filter(isHiringManagerAdmin)).toEqual(['HIRING_MANAGER_ADMIN', 'ADMIN']);
    expect(userTypes.filter(isHiringManager)).toEqual(['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN', 'ADMIN']);
    expect(userTypes.filter(isCandidate)).toEqual(['CANDIDATE']);
  });
});

describe('password and email rules (spec §5) as sign-up and settings use them', () => {
  it('a password is valid exactly when no rule is broken, and adding characters never breaks the length rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 10 }), (p, more) => {
        expect(isValidPassword(p)).toBe(passwordProblems(p).length === 0);
        if (!passwordProblems(p).includes('length') && [...(p + more)].length <= 128)
          expect(passwordProblems(p + more)).not.toContain('length');
      }),
    );
  });

  it('checks run on the normalised address: case and surrounding space never change validity', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.stringMatching(/^\s{0,3}$/), (email, pad) => {
        const normal = normaliseEmail(`${pad}${email.toUpperCase()}${pad}`);
        expect(normal).toBe(email.toLowerCase());
        if (email.length <= 254 && !email.includes('..'))
          expect(isValidEmail(normal)).toBe(isValidEmail(email.toLowerCase()));
      }),
    );
  });
});

describe('logout notification (spec §6)', () => {
  it('goes out for hiring-side users on a real host, never locally, never for candidates', () => {
    fc.assert(
      fc.property(
        userType,
        fc.constantFrom(
          'localhost',
          'acme.localhost',
          'acme.hr.localhost',
          '127.0.0.1',
          'acme.candid.example',
          'careers.example.com',
        ),
        (t, host) => {
          expect(shouldSendLogoutNotification(t, host)).toBe(isHiringManager(t) && !isLocalHostname(host));
        },
      ),
    );
  });

  it("names the organisation, else a name from the subdomain, else 'Unknown Client'", () => {
    expect(logoutClientName('Acme Consulting', 'acme')).toBe('Acme Consulting');
    expect(logoutClientName(null, 'northbridge-bank')).toBe('Northbridge Bank');
    expect(logoutClientName('  ', '')).toBe('Unknown Client');
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (name, sub) => {
        expect(logoutClientName(name, sub).length).toBeGreaterThan(0);
      }),
    );
  });

  it('the system error names the support address', () => {
    expect(systemErrorMessage('help@acme.example')).toBe(
      'System error. Please contact your account manager for support or email us at help@acme.example.',
    );
  });
});

describe('sign-in delays (decision 0046)', () => {
  it('none while free, then 2, 4, 8, then the ceiling; never less for more failures', () => {
    expect([4, 5, 6, 7, 8, 20].map((n) => signInDelayMinutes(n, 5))).toEqual([0, 2, 4, 8, 15, 15]);
    fc.assert(
      fc.property(fc.nat(100), fc.integer({ min: 1, max: 30 }), (failures, free) => {
        const delay = signInDelayMinutes(failures, free);
        expect(delay).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MINUTES);
        expect(signInDelayMinutes(failures + 1, free)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });
});
