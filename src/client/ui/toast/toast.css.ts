import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media } from '../media';
import { focusRing } from '../focus.css';

export const region = style({
  position: 'fixed',
  zIndex: 900,
  insetInline: vars.space.s,
  bottom: vars.space.s,
  pointerEvents: 'none',
  '@media': { [media.sm]: { insetInline: 'auto', right: vars.space.l, bottom: vars.space.l, width: 400 } },
});

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.s });

const toastBase = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.m,
  padding: vars.space.m,
  background: vars.colour.background,
  color: vars.colour.text,
  borderLeft: '6px solid',
  boxShadow: '0 2px 8px rgba(11, 12, 12, 0.35)',
  pointerEvents: 'auto',
});

export const kinds = styleVariants({
  success: [toastBase, { borderLeftColor: vars.colour.success }],
  error: [toastBase, { borderLeftColor: vars.colour.error }],
  info: [toastBase, { borderLeftColor: vars.colour.link }],
});

export const message = style({ margin: 0 });

export const dismiss = style({
  flex: '0 0 auto',
  border: 0,
  padding: 0,
  background: 'transparent',
  color: vars.colour.link,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeSmall,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
