import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { TokenResponse } from '#schemas/auth';
import type { User } from '#schemas/user';
import { AUTH_STORAGE_KEY } from '#engine';

/**
 * The auth token record of spec §3, as kept under localStorage `auth` (spec §9): the token
 * response plus expiresOn (epoch ms) and isLoggedIn. Without a refresh token the session is
 * under an organisation session timeout: expires_in is its length, and every successful call
 * moves expiresOn that far forward again (spec §4).
 */
export interface AuthRecord {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  expiresOn: number;
  isLoggedIn: boolean;
}

/** The token response turned into the stored record. A session timeout drops any refresh token. */
export function authRecordFrom(response: TokenResponse, now: number, sessionTimeoutMinutes?: number): AuthRecord {
  const timeout = sessionTimeoutMinutes !== undefined || response.refresh_token === undefined;
  const { refresh_token, ...rest } = response;
  return {
    ...rest,
    ...(!timeout && refresh_token && { refresh_token }),
    expiresOn: now + response.expires_in * 1000,
    isLoggedIn: true,
  };
}

export function isExpired(auth: AuthRecord, now: number): boolean {
  return auth.expiresOn <= now;
}

/** Under a session timeout (no refresh token), the record with its expiry moved on from now. */
export function extendedSession(auth: AuthRecord, now: number): AuthRecord {
  return auth.refresh_token ? auth : { ...auth, expiresOn: now + auth.expires_in * 1000 };
}

function isAuthRecord(value: unknown): value is AuthRecord {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<AuthRecord>;
  return typeof record.access_token === 'string' && typeof record.expiresOn === 'number';
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? found.slice(prefix.length) : null;
}

/**
 * localStorage `auth`, with the migration of spec §9: a copy kept in a cookie named `auth` (as
 * older clients did) is moved into localStorage once and the cookie deleted.
 */
export const authStorage = {
  getItem(key: string, initialValue: AuthRecord | null): AuthRecord | null {
    try {
      const stored = localStorage.getItem(key);
      if (stored !== null) {
        const parsed: unknown = JSON.parse(stored);
        return isAuthRecord(parsed) ? parsed : initialValue;
      }
      const cookie = readCookie(key);
      if (cookie === null) return initialValue;
      document.cookie = `${key}=; Max-Age=0; path=/`;
      const parsed: unknown = JSON.parse(decodeURIComponent(cookie));
      if (!isAuthRecord(parsed)) return initialValue;
      localStorage.setItem(key, JSON.stringify(parsed));
      return parsed;
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: AuthRecord | null): void {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  },
  removeItem(key: string): void {
    localStorage.removeItem(key);
  },
  /** Another tab signed in, refreshed or signed out. */
  subscribe(key: string, callback: (value: AuthRecord | null) => void, initialValue: AuthRecord | null): () => void {
    const listener = (event: StorageEvent) => {
      if (event.storageArea !== localStorage || event.key !== key) return;
      try {
        const parsed: unknown = event.newValue === null ? null : JSON.parse(event.newValue);
        callback(isAuthRecord(parsed) ? parsed : initialValue);
      } catch {
        callback(initialValue);
      }
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
};

export const authAtom = atomWithStorage<AuthRecord | null>(AUTH_STORAGE_KEY, null, authStorage, {
  // Read storage on first use, so the guard knows at once whether there is a session.
  getOnInit: true,
});

/** The signed-in user as GET /api/v1/user answers it; tests may give only id and type. */
export type CurrentUser = Pick<User, 'id' | 'userType'> & Partial<Omit<User, 'id' | 'userType'>>;

type UserStatus = 'idle' | 'loading' | 'ready';

export interface UserState {
  status: UserStatus;
  user: CurrentUser | null;
}

/** The signed-in user. The user loader fills it; 'ready' with user null means "not signed in". */
export const userAtom = atom<UserState>({ status: 'idle', user: null });
