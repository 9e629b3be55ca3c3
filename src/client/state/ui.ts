import { atom } from 'jotai';

/** Whether the manage-cookies dialog is open: the banner and the footer's Cookies link both open it. */
export const cookieSettingsOpenAtom = atom(false);
