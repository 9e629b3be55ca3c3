import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';

export const days = style({ marginBottom: vars.space.l });
export const slotHint = style({ display: 'block', color: vars.colour.secondaryText, fontWeight: 'normal' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.m, alignItems: 'center' });
export const week = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: vars.space.m,
  margin: `${vars.space.m} 0 ${vars.space.xl}`,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))' } },
});
export const weekDay = style({ border: `1px solid ${vars.colour.border}`, padding: vars.space.s });
export const weekDayTitle = style({ margin: `0 0 ${vars.space.s}`, fontSize: vars.font.sizeBody });
export const weekSlot = style({
  margin: `0 0 ${vars.space.xs}`,
  padding: vars.space.xs,
  backgroundColor: vars.colour.panel,
  fontSize: vars.font.sizeSmall,
});
export const clash = style({ borderLeft: `4px solid ${vars.colour.error}` });
export const table = style({ width: '100%', borderCollapse: 'collapse', marginBottom: vars.space.xl });
export const cell = style({
  textAlign: 'start',
  verticalAlign: 'top',
  padding: `${vars.space.s} ${vars.space.s} ${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const scroll = style({ overflowX: 'auto', maxWidth: '100%' });
export const dayCard = style({
  border: `1px solid ${vars.colour.border}`,
  padding: vars.space.m,
  marginBottom: vars.space.l,
});
export const inline = style({
  display: 'grid',
  gridTemplateColumns: '1fr',
  gap: `0 ${vars.space.m}`,
  '@media': { [media.sm]: { gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' } },
});
