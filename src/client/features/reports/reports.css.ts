import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '#client/ui/theme.css';
import * as formStyles from '#client/ui/form/form.css';

export const selection = style({
  display: 'grid',
  gap: vars.space.m,
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  alignItems: 'start',
  marginBottom: vars.space.l,
});
export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const roleLegend = formStyles.label;
export const roleList = style({ maxHeight: '14rem', overflowY: 'auto', paddingRight: vars.space.s });
export const choice = style({ display: 'flex', gap: vars.space.s, alignItems: 'center', marginBottom: vars.space.xs });
export const dateInput = style([formStyles.input, { maxWidth: '12rem' }]);

/** A chart and its data table side by side on a wide screen, one above the other on a narrow one or on paper. */
export const figure = style({
  display: 'grid',
  gap: vars.space.l,
  gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))',
  alignItems: 'start',
  margin: `0 0 ${vars.space.xl}`,
});
export const chart = style({ overflowX: 'auto' });
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSmall });
export const caption = style({ textAlign: 'left', fontWeight: vars.font.weightBold, marginBottom: vars.space.s });
export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.xs} ${vars.space.s} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const numeric = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }]);
export const flagged = style([numeric, { color: vars.colour.error, fontWeight: vars.font.weightBold }]);
export const note = style({ color: vars.colour.secondaryText, fontSize: vars.font.sizeSmall });

/** Paper: no navigation or controls, tables kept whole. */
export const screenOnly = style({ '@media': { print: { display: 'none' } } });
globalStyle(`${figure}`, { '@media': { print: { breakInside: 'avoid', gridTemplateColumns: '1fr' } } });
globalStyle('header, nav, footer', { '@media': { print: { display: 'none' } } });
