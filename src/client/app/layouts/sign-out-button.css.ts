import { style } from '@vanilla-extract/css';
import { navLink } from './shell.css';

/** A header button that looks like the navigation links next to it. */
export const navButton = style([
  navLink,
  // The links' block padding and line height kept, so the button's text lines up with theirs.
  {
    border: 0,
    paddingInline: 0,
    background: 'none',
    fontFamily: 'inherit',
    fontSize: 'inherit',
    lineHeight: 'inherit',
    cursor: 'pointer',
  },
]);
