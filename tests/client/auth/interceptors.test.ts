import axios from 'axios';
import { describe, expect, it } from 'vitest';
import { installAuthInterceptors, type SessionEndReason } from '#client/api/auth-interceptors';
import { authRecordFrom, authStorage, type AuthRecord } from '#client/state/auth';
import type { TokenResponse } from '#schemas/auth';
import { fakeAdapter, tokens, type Handler } from './fake-api';

const NOW = 1_700_000_000_000;

function record(
  access: string,
  options: { refresh?: string; expiresOn?: number; expiresIn?: number } = {},
): AuthRecord {
  return {
    access_token: access,
    token_type: 'bearer',
    ...(options.refresh && { refresh_token: options.refresh }),
    expires_in: options.expiresIn ?? 900,
    scope: 'write',
    expiresOn: options.expiresOn ?? NOW + 60_000,
    isLoggedIn: true,
  };
}

/** What the tabs of one browser share: localStorage (the session) and a lock. */
interface Browser {
  stored: AuthRecord | null;
  exclusive: <T>(work: () => Promise<T>) => Promise<T>;
}

function browser(initial: AuthRecord | null): Browser {
  let last: Promise<unknown> = Promise.resolve();
  return {
    stored: initial,
    exclusive: <T>(work: () => Promise<T>) => {
      const run = last.then(work, work);
      last = run.catch(() => undefined);
      return run;
    },
  };
}

function setup(
  initial: AuthRecord | null,
  handler: Handler,
  refresh?: (token: string) => Promise<TokenResponse>,
  tabOf?: Browser,
) {
  let auth = initial;
  let clock = NOW;
  const ended: SessionEndReason[] = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const refreshCalls: string[] = [];
  const instance = axios.create({ baseURL: '/api' });
  const fake = fakeAdapter(handler);
  instance.defaults.adapter = fake.adapter;
  installAuthInterceptors(instance, {
    getAuth: () => auth,
    setAuth: (next) => {
      auth = next;
      if (tabOf) tabOf.stored = next;
    },
    subdomain: () => 'acme',
    sessionTimeoutMinutes: () => undefined,
    refresh: async (token) => {
      refreshCalls.push(token);
      if (!refresh) throw new Error('no refresh');
      return refresh(token);
    },
    endSession: (reason) => ended.push(reason),
    now: () => clock,
    setTimer: (run, ms) => timers.push({ run, ms }),
    ...(tabOf && { acrossTabs: { exclusive: tabOf.exclusive, sharedAuth: () => tabOf.stored } }),
  });
  return {
    instance,
    calls: fake.calls,
    ended,
    timers,
    refreshCalls,
    auth: () => auth,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const unauthorized = (description: string) => ({
  status: 401,
  data: { error: 'invalid_token', error_description: description },
});

describe('the one axios instance (spec §7)', () => {
  it('sends the bearer token and the subdomain parameter on signed-in calls only', async () => {
    const t = setup(record('A'), () => ({ status: 200, data: {} }));
    await t.instance.get('/v1/user');
    await t.instance.post('/oauth/token', 'grant_type=password');
    await t.instance.get('/public/organization/acme/');
    expect(t.calls[0]).toMatchObject({ url: '/v1/user', authorization: 'Bearer A', params: { subdomain: 'acme' } });
    expect(t.calls[1]).toMatchObject({ url: '/oauth/token', authorization: null, params: { subdomain: 'acme' } });
    expect(t.calls[2]).toMatchObject({ url: '/public/organization/acme/', authorization: null, params: {} });
  });
});

describe('401 with an expired token: queue, refresh once, replay (spec §4)', () => {
  it('three calls at once make one refresh and are all replayed with the new token', async () => {
    const t = setup(
      record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }),
      (call) =>
        call.authorization === 'Bearer NEW'
          ? { status: 200, data: { url: call.url } }
          : unauthorized('Access token expired'),
      async () => {
        await new Promise((r) => setTimeout(r, 5));
        return tokens('NEW', 'R2');
      },
    );
    const results = await Promise.all(['/v1/a', '/v1/b', '/v1/c'].map((url) => t.instance.get(url)));
    expect(results.map((r) => r.data.url)).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(t.refreshCalls).toEqual(['R1']);
    expect(t.auth()).toMatchObject({
      access_token: 'NEW',
      refresh_token: 'R2',
      isLoggedIn: true,
      expiresOn: NOW + 900_000,
    });
    const replays = t.calls.filter((c) => c.authorization === 'Bearer NEW');
    expect(replays.map((c) => c.url).sort()).toEqual(['/v1/a', '/v1/b', '/v1/c']);
    expect(t.ended).toEqual([]);
  });

  it('the server saying "Access token expired" refreshes even when the local clock disagrees', async () => {
    const t = setup(
      record('OLD', { refresh: 'R1' }),
      (call) => (call.authorization === 'Bearer NEW' ? { status: 200, data: 1 } : unauthorized('Access token expired')),
      async () => tokens('NEW', 'R2'),
    );
    expect((await t.instance.get('/v1/user')).data).toBe(1);
  });

  it('a failed refresh rejects every queued call and ends the session once', async () => {
    const t = setup(
      record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }),
      () => unauthorized('Access token expired'),
      async () => {
        throw new Error('invalid_grant');
      },
    );
    const results = await Promise.allSettled(['/v1/a', '/v1/b', '/v1/c'].map((url) => t.instance.get(url)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(t.refreshCalls).toHaveLength(1);
    expect(t.ended).toEqual(['refresh-failed']);
    expect(t.auth()).toBeNull();
  });

  it("two tabs whose tokens expire together refresh once: the second uses the first tab's new tokens", async () => {
    // The server: a refresh token works once; using it again ends the whole session (decision 0007).
    const used = new Set<string>();
    let revoked = false;
    const server = async (token: string) => {
      await new Promise((r) => setTimeout(r, 5));
      if (used.has(token)) revoked = true;
      used.add(token);
      if (revoked) throw new Error('invalid_grant');
      return tokens('NEW', 'R2');
    };
    const api: Handler = (call) =>
      call.authorization === 'Bearer NEW' && !revoked
        ? { status: 200, data: call.url }
        : unauthorized('Access token expired');
    const shared = browser(record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }));
    const first = setup(shared.stored, api, server, shared);
    const second = setup(shared.stored, api, server, shared);

    const [a, b] = await Promise.all([first.instance.get('/v1/a'), second.instance.get('/v1/b')]);
    expect([a.data, b.data]).toEqual(['/v1/a', '/v1/b']);
    expect([...first.refreshCalls, ...second.refreshCalls]).toEqual(['R1']);
    expect(second.auth()).toMatchObject({ access_token: 'NEW', refresh_token: 'R2' });
    expect([...first.ended, ...second.ended]).toEqual([]);
  });

  it('a tab left behind refreshes with the newest refresh token the tabs hold, not its spent one', async () => {
    const shared = browser(record('LATER', { refresh: 'R2', expiresOn: NOW - 1 }));
    const behind = setup(
      record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }),
      (call) =>
        call.authorization === 'Bearer NEW' ? { status: 200, data: 'ok' } : unauthorized('Access token expired'),
      async (token) => {
        if (token !== 'R2') throw new Error('invalid_grant');
        return tokens('NEW', 'R3');
      },
      shared,
    );
    expect((await behind.instance.get('/v1/user')).data).toBe('ok');
    expect(behind.refreshCalls).toEqual(['R2']);
    expect(shared.stored).toMatchObject({ access_token: 'NEW', refresh_token: 'R3' });
  });

  it('without the shared lock, the same two tabs would both refresh and the session would end (what the lock prevents)', async () => {
    const used = new Set<string>();
    const server = async (token: string) => {
      await new Promise((r) => setTimeout(r, 5));
      if (used.has(token)) throw new Error('invalid_grant');
      used.add(token);
      return tokens('NEW', 'R2');
    };
    const first = setup(
      record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }),
      (call) => (call.authorization === 'Bearer NEW' ? { status: 200 } : unauthorized('Access token expired')),
      server,
    );
    const second = setup(
      record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }),
      (call) => (call.authorization === 'Bearer NEW' ? { status: 200 } : unauthorized('Access token expired')),
      server,
    );
    await Promise.allSettled([first.instance.get('/v1/a'), second.instance.get('/v1/b')]);
    expect([...first.refreshCalls, ...second.refreshCalls]).toEqual(['R1', 'R1']);
    expect(second.ended).toEqual(['refresh-failed']);
  });

  it('a replayed call is never refreshed twice', async () => {
    const t = setup(
      record('OLD', { refresh: 'R1', expiresOn: NOW - 1 }),
      () => unauthorized('Access token expired'),
      async () => tokens('NEW', 'R2'),
    );
    await expect(t.instance.get('/v1/user')).rejects.toThrow();
    expect(t.refreshCalls).toHaveLength(1);
  });
});

describe('sessions that cannot continue (spec §4, §8)', () => {
  it('expired with no refresh token: auth cleared, the call not made, logout after 100 ms', async () => {
    const t = setup(record('A', { expiresOn: NOW - 1 }), () => ({ status: 200 }));
    await expect(t.instance.get('/v1/user')).rejects.toThrow('The session has expired');
    expect(t.calls).toHaveLength(0);
    expect(t.auth()).toBeNull();
    expect(t.ended).toEqual([]);
    expect(t.timers.map((x) => x.ms)).toEqual([100]);
    t.timers[0]!.run();
    expect(t.ended).toEqual(['expired']);
  });

  it("'Cannot convert access token to JSON' forces a logout, at most once per second", async () => {
    const t = setup(record('A'), () => unauthorized('Cannot convert access token to JSON'));
    await Promise.allSettled([t.instance.get('/v1/a'), t.instance.get('/v1/b'), t.instance.get('/v1/c')]);
    expect(t.ended).toEqual(['forced']);
    t.advance(500);
    await t.instance.get('/v1/d').catch(() => undefined);
    expect(t.ended).toEqual(['forced']);
    t.advance(600);
    await t.instance.get('/v1/e').catch(() => undefined);
    expect(t.ended).toEqual(['forced', 'forced']);
  });

  it('no response at all forces a logout too (signed in only)', async () => {
    const t = setup(record('A'), () => 'network-error');
    await expect(t.instance.get('/v1/user')).rejects.toThrow('Network Error');
    expect(t.ended).toEqual(['forced']);
    const anonymous = setup(null, () => 'network-error');
    await expect(anonymous.instance.get('/public/version')).rejects.toThrow();
    expect(anonymous.ended).toEqual([]);
  });

  it('a revoked token (401 that is not an expiry) ends the session', async () => {
    const t = setup(record('A', { refresh: 'R' }), () => unauthorized('Invalid access token'));
    await expect(t.instance.get('/v1/user')).rejects.toThrow();
    expect(t.refreshCalls).toEqual([]);
    expect(t.ended).toEqual(['unauthorized']);
  });

  it('a 401 while signed out is left to the caller (a failed sign-in)', async () => {
    const t = setup(null, () => ({
      status: 401,
      data: { error: 'invalid_client', error_description: 'Unknown client' },
    }));
    await expect(t.instance.post('/oauth/token', '')).rejects.toThrow();
    expect(t.ended).toEqual([]);
  });

  it('calls flagged clearCredentialsOnError log out when they fail', async () => {
    const t = setup(record('A'), () => ({ status: 500 }));
    await expect(t.instance.get('/v1/user', { clearCredentialsOnError: true })).rejects.toThrow();
    expect(t.ended).toEqual(['credentials']);
  });
});

describe('organisation session timeout (no refresh token)', () => {
  it('every successful signed-in call moves the expiry forward by the session length', async () => {
    const t = setup(record('A', { expiresIn: 1800, expiresOn: NOW + 1000 }), () => ({ status: 200, data: {} }));
    t.advance(500);
    await t.instance.get('/v1/user');
    expect(t.auth()!.expiresOn).toBe(NOW + 500 + 1800 * 1000);
    // A public call does not count: the server does not extend the session for it either.
    t.advance(500);
    await t.instance.get('/public/version');
    expect(t.auth()!.expiresOn).toBe(NOW + 500 + 1800 * 1000);
  });

  it('a session with a refresh token keeps its expiry', async () => {
    const t = setup(record('A', { refresh: 'R', expiresOn: NOW + 1000 }), () => ({ status: 200, data: {} }));
    await t.instance.get('/v1/user');
    expect(t.auth()!.expiresOn).toBe(NOW + 1000);
  });
});

describe('the stored record', () => {
  it('is migrated from a cookie copy into localStorage (spec §9)', () => {
    const value = record('COOKIE');
    document.cookie = `auth=${encodeURIComponent(JSON.stringify(value))}; path=/`;
    // Read as the session atom reads it on a page load. Not by importing the module afresh (vi.resetModules): client
    // files share loaded modules (vitest.config.ts), and the atom would keep this record as every later file's start.
    expect(authStorage.getItem('auth', null)).toEqual(value);
    expect(JSON.parse(localStorage.getItem('auth')!)).toEqual(value);
    expect(document.cookie).not.toContain('auth=');
  });

  it('drops the refresh token under an organisation session timeout', () => {
    expect(authRecordFrom(tokens('A', 'R', 900), NOW, 30)).not.toHaveProperty('refresh_token');
    expect(authRecordFrom(tokens('A', 'R', 900), NOW)).toMatchObject({
      refresh_token: 'R',
      expiresOn: NOW + 900_000,
      isLoggedIn: true,
    });
  });
});
