import { atom } from 'jotai';

/** Whether the manage-cookies dialog is open: the banner and the footer's Cookies link both open it. */
export const cookieSettingsOpenAtom = atom(false);

/** Spec §4: the profile, account and user menus are mutually exclusive, and all close on logout. */
export type MenuName = 'profile' | 'account' | 'user';
export const openMenuAtom = atom<MenuName | null>(null);
