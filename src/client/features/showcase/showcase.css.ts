import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';

export const section = style({
  marginBottom: vars.space.xxl,
  paddingTop: vars.space.l,
  borderTop: `1px solid ${vars.colour.border}`,
});

export const swatches = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.m,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const swatchHeader = style({
  padding: vars.space.m,
  background: vars.brand.headerBackground,
  color: vars.brand.headerText,
  border: `1px solid ${vars.colour.border}`,
});

export const swatchSecondary = style({
  padding: vars.space.m,
  background: vars.brand.secondary,
  color: vars.brand.onSecondary,
  border: `1px solid ${vars.colour.border}`,
});

export const swatchValue = style({ display: 'block', fontFamily: 'monospace' });
