import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

/** A public listing (the careers site's roles, the events): ruled items, a heading each, and their facts in a row. */
export const list = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderTop: `1px solid ${vars.colour.border}`,
});
export const item = style({ padding: `${vars.space.l} 0`, borderBottom: `1px solid ${vars.colour.border}` });
export const title = style({ fontSize: vars.font.sizeH3, marginBottom: vars.space.s });
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.l}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.colour.secondaryText,
});
