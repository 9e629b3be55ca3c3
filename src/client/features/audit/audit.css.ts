import { style } from '@vanilla-extract/css';
import { vars } from '#client/ui/theme.css';

export const filters = style({
  display: 'grid',
  gap: `0 ${vars.space.l}`,
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  alignItems: 'end',
});
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%', margin: `${vars.space.l} 0` });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSmall });
export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.s} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
  overflowWrap: 'anywhere',
});
export const section = style({ marginTop: vars.space.xl });
