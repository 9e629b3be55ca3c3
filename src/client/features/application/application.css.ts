import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

// One card per application (a GOV.UK summary card): readable at 320 px as at desktop widths.
export const cards = style({ margin: 0, padding: 0, listStyle: 'none' });
export const card = style({ marginBottom: vars.space.xl, border: `1px solid ${vars.colour.border}` });
export const cardTitle = style({
  margin: 0,
  padding: vars.space.m,
  fontSize: vars.font.sizeH3,
  backgroundColor: vars.colour.panel,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const cardBody = style({ padding: `0 ${vars.space.m}` });
export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.m}`,
  alignItems: 'baseline',
});
