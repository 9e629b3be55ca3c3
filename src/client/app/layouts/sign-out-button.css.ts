import { style } from '@vanilla-extract/css';
import { navLink } from './shell.css';

/** A header button that looks like the navigation links next to it. */
export const navButton = style([
  navLink,
  { border: 0, padding: 0, background: 'none', fontFamily: 'inherit', fontSize: 'inherit', cursor: 'pointer' },
]);
