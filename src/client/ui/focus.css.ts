import type { StyleRule } from '@vanilla-extract/css';
import { vars } from './theme.css';

/**
 * GOV.UK focus state: yellow fill with a black underline bar, visible on any brand colour
 * because it paints its own background rather than relying on the surrounding one.
 */
export const focusRing: StyleRule = {
  outline: `3px solid transparent`,
  backgroundColor: vars.colour.focus,
  color: vars.colour.focusText,
  boxShadow: `0 -2px ${vars.colour.focus}, 0 4px ${vars.colour.focusText}`,
  textDecoration: 'none',
};

/** Focus for boxed controls (inputs, buttons): a yellow outline plus an inner black border. */
export const controlFocusRing: StyleRule = {
  outline: `3px solid ${vars.colour.focus}`,
  outlineOffset: 0,
  boxShadow: `inset 0 0 0 2px ${vars.colour.focusText}`,
};
