import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** GOV.UK summary list: key, value and a change link per row. */
export const summaryList = style({ margin: `0 0 ${vars.space.xl}`, borderTop: `1px solid ${vars.colour.border}` });
export const summaryRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8em, 30%) 1fr auto',
  gap: vars.space.m,
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const summaryKey = style({ fontWeight: vars.font.weightBold, margin: 0 });
export const summaryValue = style({ margin: 0, overflowWrap: 'anywhere' });
export const section = style({ marginBottom: vars.space.xxl });
export const inset = style({
  margin: `${vars.space.l} 0`,
  padding: vars.space.m,
  borderLeft: `10px solid ${vars.colour.border}`,
});
export const warningText = style({ fontWeight: vars.font.weightBold });
