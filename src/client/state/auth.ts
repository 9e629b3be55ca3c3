import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { UserType } from '../../../schemas/organization';
import { AUTH_STORAGE_KEY } from '../../../engine/constants';

/** Tokens of the signed-in session. Persisted so a reload keeps the user signed in (spec §9). */
export interface AuthTokens {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt?: number;
}

export const authAtom = atomWithStorage<AuthTokens | null>(
  AUTH_STORAGE_KEY,
  null,
  createJSONStorage<AuthTokens | null>(() => localStorage),
  // Read storage on first use, so the guard knows at once whether there is a session.
  { getOnInit: true },
);

export interface CurrentUser {
  id: string;
  userType: UserType;
  firstName?: string;
  lastName?: string;
  email?: string;
}

export type UserStatus = 'idle' | 'loading' | 'ready';

export interface UserState {
  status: UserStatus;
  user: CurrentUser | null;
}

/** The signed-in user. The auth feature loads it; 'ready' with user null means "not signed in". */
export const userAtom = atom<UserState>({ status: 'idle', user: null });
