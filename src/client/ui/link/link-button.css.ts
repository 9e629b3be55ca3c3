import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { focusRing } from '../focus.css';

// A button that reads as a link (GOV.UK link styles): for actions such as downloading a file
// with the signed-in user's token, which a plain link cannot carry.
export const linkButton = style({
  display: 'inline',
  padding: 0,
  margin: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: vars.colour.link,
  textDecoration: 'underline',
  textDecorationThickness: 'max(1px, .0625rem)',
  textUnderlineOffset: '.1578em',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.colour.linkHover, textDecorationThickness: 'max(3px, .1875rem, .12em)' },
    '&:focus-visible': focusRing,
    '&[aria-disabled="true"]': { cursor: 'progress' },
  },
});
