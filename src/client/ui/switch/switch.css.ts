import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { controlFocusRing } from '../focus.css';

export const switchButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.s,
  minHeight: 44,
  padding: `${vars.space.xs} ${vars.space.s}`,
  border: `2px solid ${vars.colour.inputBorder}`,
  borderRadius: 999,
  background: vars.colour.background,
  color: vars.colour.text,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  cursor: 'pointer',
  selectors: { '&:focus-visible': controlFocusRing },
});

export const track = style({
  position: 'relative',
  width: 48,
  height: 26,
  borderRadius: 13,
  background: vars.colour.secondaryText,
  transition: 'background-color 120ms',
  selectors: { '[aria-checked="true"] > &': { background: vars.colour.success } },
});

export const thumb = style({
  position: 'absolute',
  top: 3,
  left: 3,
  width: 20,
  height: 20,
  borderRadius: '50%',
  background: '#ffffff',
  transition: 'transform 120ms',
  selectors: { '[aria-checked="true"] > * > &': { transform: 'translateX(22px)' } },
});
