import type { UserType } from '#schemas/organization';

/*
 * Spec §6: ADMIN is a superuser; a hiring-manager admin includes admin; a hiring manager includes
 * both. Candidates are the users of type CANDIDATE (anonymous candidates are neither).
 * Client (navigation, landing pages) and server (every route's pre-handler) use these.
 */

/** The hiring-side levels, lowest first. */
export const HIRING_ROLES = ['HIRING_MANAGER', 'HIRING_MANAGER_ADMIN', 'ADMIN'] as const;
export type HiringRole = (typeof HIRING_ROLES)[number];

export function isAdmin(userType: UserType): boolean {
  return userType === 'ADMIN';
}

export function isHiringManagerAdmin(userType: UserType): boolean {
  return userType === 'ADMIN' || userType === 'HIRING_MANAGER_ADMIN';
}

export function isHiringManager(userType: UserType): boolean {
  return isHiringManagerAdmin(userType) || userType === 'HIRING_MANAGER';
}

export function isCandidate(userType: UserType): boolean {
  return userType === 'CANDIDATE';
}

/** Whether a user of `userType` holds at least the hiring-side level `required`. */
export function hasRole(userType: UserType, required: HiringRole): boolean {
  switch (required) {
    case 'ADMIN':
      return isAdmin(userType);
    case 'HIRING_MANAGER_ADMIN':
      return isHiringManagerAdmin(userType);
    case 'HIRING_MANAGER':
      return isHiringManager(userType);
  }
}
