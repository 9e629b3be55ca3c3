import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

export const nav = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.m,
  margin: `${vars.space.l} 0 ${vars.space.xl}`,
});
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const item = style({ minWidth: '2.5rem', textAlign: 'center' });
export const link = style({ display: 'inline-block', padding: vars.space.s, fontWeight: vars.font.weightBold });
export const current = style({
  display: 'inline-block',
  padding: vars.space.s,
  fontWeight: vars.font.weightBold,
  color: vars.brand.onSecondary,
  backgroundColor: vars.brand.secondary,
});
