import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The placeholder picker: one small button a placeholder, inserting it where the cursor was. */
export const picker = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  margin: `0 0 ${vars.space.l}`,
  padding: 0,
  listStyle: 'none',
});
globalStyle(`${picker} button`, { marginBottom: 0 });
export const language = style({
  margin: `0 0 ${vars.space.l}`,
  padding: vars.space.m,
  border: `1px solid ${vars.colour.border}`,
});
export const count = style({ color: vars.colour.secondaryText, margin: `0 0 ${vars.space.m}` });
/** The preview as the candidate will get it. */
export const preview = style({
  margin: `${vars.space.m} 0`,
  padding: vars.space.m,
  borderInlineStart: `5px solid ${vars.colour.border}`,
  backgroundColor: vars.colour.panel,
  overflowWrap: 'anywhere',
});
export const smsText = style({ whiteSpace: 'pre-wrap', margin: 0 });
