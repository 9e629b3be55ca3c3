import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media } from '../media';
import { focusRing } from '../focus.css';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(11, 12, 12, 0.6)',
  zIndex: 1000,
});

export const content = style({
  position: 'fixed',
  zIndex: 1001,
  inset: `${vars.space.s} ${vars.space.s} auto`,
  maxHeight: `calc(100vh - 2 * ${vars.space.s})`,
  overflowY: 'auto',
  padding: vars.space.l,
  background: vars.colour.background,
  color: vars.colour.text,
  border: `4px solid ${vars.colour.text}`,
  '@media': {
    [media.sm]: {
      inset: '10vh auto auto 50%',
      width: 'min(640px, calc(100vw - 40px))',
      maxHeight: '80vh',
      transform: 'translateX(-50%)',
      padding: vars.space.xl,
    },
  },
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.colour.focus}` } },
});

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.m,
});

export const close = style({
  flex: '0 0 auto',
  padding: vars.space.xs,
  border: 0,
  background: 'transparent',
  color: vars.colour.link,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
