import axios, {
  AxiosHeaders,
  isAxiosError,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import type { TokenResponse } from '#schemas/auth';
import { revokeToken } from '#schemas/contracts/auth.contract';
import {
  FORCED_LOGOUT_DELAY_MS,
  ACCESS_TOKEN_EXPIRED,
  CANNOT_CONVERT_ACCESS_TOKEN,
  FORCED_LOGOUT_THROTTLE_MS,
} from '#engine';
import { authRecordFrom, extendedSession, isExpired, type AuthRecord } from '../state/auth';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Never refresh or log out because of this call (the refresh itself, sign-out, notifications). */
    skipAuthRefresh?: boolean;
    /** Spec §8: a failure of this call logs the user out. */
    clearCredentialsOnError?: boolean;
    /** Replayed once after a refresh; never refreshed again. */
    retried?: boolean;
  }
}

/** Why the interceptors ended a session (the sign-in page says so). */
export type SessionEndReason = 'expired' | 'refresh-failed' | 'forced' | 'unauthorized' | 'credentials';

export interface AuthInterceptorDeps {
  getAuth: () => AuthRecord | null;
  setAuth: (auth: AuthRecord | null) => void;
  /** The organisation subdomain sent as the `subdomain` parameter of signed-in calls (spec §7). */
  subdomain: () => string;
  /** The organisation's session timeout in minutes, if any (a refreshed record drops its refresh token). */
  sessionTimeoutMinutes: () => number | undefined;
  refresh: (refreshToken: string) => Promise<TokenResponse>;
  /**
   * Runs a refresh while no other tab of the site runs one (a Web Lock in the browser), and the
   * session as the tabs share it (localStorage), read afresh. A refresh token works once and
   * reusing it ends the session (decision 0007), so a tab that waited uses the other's new tokens
   * instead of refreshing again. By default: no other tabs.
   */
  acrossTabs?: { exclusive: <T>(work: () => Promise<T>) => Promise<T>; sharedAuth: () => AuthRecord | null };
  /** Logs out: clears the user and state and goes to sign-in. */
  endSession: (reason: SessionEndReason) => void;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

/** Calls that carry the bearer token and the subdomain parameter: /v1 and sign-out. */
function isSignedInCall(url: string | undefined): boolean {
  return !!url && (url.startsWith('/v1/') || url.startsWith(revokeToken.path));
}

function bearerOf(config: InternalAxiosRequestConfig | undefined): string | null {
  const header = config?.headers?.get?.('Authorization') ?? config?.headers?.Authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

interface Waiting {
  config: InternalAxiosRequestConfig;
  resolve: (response: AxiosResponse) => void;
  reject: (error: unknown) => void;
}

/**
 * The auth behaviour of spec §4 and §8 on the one axios instance:
 * - signed-in calls (/v1, sign-out) get `Authorization: Bearer` and the `subdomain` parameter;
 *   /oauth/token gets the subdomain parameter too;
 * - a token that has expired with no refresh token: auth is cleared, the call is not made and
 *   logout follows after 100 ms;
 * - 401 with an expired token: calls wait in a queue, one refresh is made, then they are
 *   replayed with the new token; if the refresh fails, the session ends;
 * - 401 'Cannot convert access token to JSON', or no response at all: forced logout, at most
 *   once per second;
 * - under a session timeout, every successful signed-in call moves the expiry forward.
 * Returns a function that removes the interceptors.
 */
export function installAuthInterceptors(instance: AxiosInstance, deps: AuthInterceptorDeps): () => void {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  let refreshing = false;
  let queue: Waiting[] = [];
  let lastForcedLogout = Number.NEGATIVE_INFINITY;

  const forcedLogout = () => {
    if (!deps.getAuth()) return;
    const time = now();
    if (time - lastForcedLogout < FORCED_LOGOUT_THROTTLE_MS) return;
    lastForcedLogout = time;
    deps.endSession('forced');
  };

  const replay = (config: InternalAxiosRequestConfig, accessToken: string) => {
    const headers = AxiosHeaders.from(config.headers);
    headers.set('Authorization', `Bearer ${accessToken}`);
    return instance.request({ ...config, headers, retried: true });
  };

  const acrossTabs = deps.acrossTabs ?? { exclusive: <T>(work: () => Promise<T>) => work(), sharedAuth: deps.getAuth };

  /**
   * New tokens for `refreshToken`: another tab's, when it refreshed first; else from the server,
   * with the newest refresh token the tabs hold.
   */
  const refreshedSession = (refreshToken: string) =>
    acrossTabs.exclusive(async () => {
      const shared = acrossTabs.sharedAuth();
      const refreshedElsewhere =
        shared?.refresh_token && shared.refresh_token !== refreshToken && !isExpired(shared, now());
      const auth = refreshedElsewhere
        ? shared
        : authRecordFrom(
            await deps.refresh(shared?.refresh_token ?? refreshToken),
            now(),
            deps.sessionTimeoutMinutes(),
          );
      // Stored before the lock is released, so the next tab finds it.
      deps.setAuth(auth);
      return auth;
    });

  const startRefresh = (refreshToken: string) => {
    refreshing = true;
    refreshedSession(refreshToken)
      .then((auth) => {
        const waiting = queue;
        queue = [];
        for (const item of waiting) replay(item.config, auth.access_token).then(item.resolve, item.reject);
      })
      .catch((error: unknown) => {
        const waiting = queue;
        queue = [];
        deps.setAuth(null);
        deps.endSession('refresh-failed');
        for (const item of waiting) item.reject(error);
      })
      .finally(() => {
        refreshing = false;
      });
  };

  const requestId = instance.interceptors.request.use((config) => {
    const url = config.url;
    if (url?.startsWith('/oauth/') || isSignedInCall(url)) {
      const params = (config.params ?? {}) as Record<string, unknown>;
      if (params.subdomain === undefined) config.params = { ...params, subdomain: deps.subdomain() };
    }
    if (!isSignedInCall(url) || bearerOf(config)) return config;
    const auth = deps.getAuth();
    if (!auth) return config;
    if (isExpired(auth, now()) && !auth.refresh_token) {
      deps.setAuth(null);
      setTimer(() => deps.endSession('expired'), FORCED_LOGOUT_DELAY_MS);
      throw new axios.CanceledError('The session has expired');
    }
    config.headers.set('Authorization', `Bearer ${auth.access_token}`);
    return config;
  });

  const responseId = instance.interceptors.response.use(
    (response) => {
      const auth = deps.getAuth();
      if (auth && !auth.refresh_token && bearerOf(response.config) === auth.access_token)
        deps.setAuth(extendedSession(auth, now()));
      return response;
    },
    (error: unknown) => {
      if (axios.isCancel(error) || !isAxiosError(error)) return Promise.reject(error);
      const config = error.config;
      if (config?.skipAuthRefresh) return Promise.reject(error);
      if (!error.response) {
        forcedLogout();
        return Promise.reject(error);
      }
      if (config?.clearCredentialsOnError) {
        deps.endSession('credentials');
        return Promise.reject(error);
      }
      if (error.response.status !== 401 || !config) return Promise.reject(error);
      const description = (error.response.data as { error_description?: unknown } | undefined)?.error_description;
      if (description === CANNOT_CONVERT_ACCESS_TOKEN) {
        forcedLogout();
        return Promise.reject(error);
      }
      const auth = deps.getAuth();
      // Not signed in: the caller reports the failure (a failed sign-in).
      if (!auth) return Promise.reject(error);
      const sent = bearerOf(config);
      // Another call refreshed while this one was on its way: try again with the new token.
      if (sent && sent !== auth.access_token && !config.retried) return replay(config, auth.access_token);
      const expired = isExpired(auth, now()) || description === ACCESS_TOKEN_EXPIRED;
      if (expired && auth.refresh_token && !config.retried) {
        return new Promise<AxiosResponse>((resolve, reject) => {
          queue.push({ config, resolve, reject });
          if (!refreshing) startRefresh(auth.refresh_token!);
        });
      }
      // Expired with no way to refresh, or revoked: the session is over.
      deps.setAuth(null);
      deps.endSession(expired ? 'expired' : 'unauthorized');
      return Promise.reject(error);
    },
  );

  return () => {
    instance.interceptors.request.eject(requestId);
    instance.interceptors.response.eject(responseId);
  };
}
