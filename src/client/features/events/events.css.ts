import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';

export const description = style({ whiteSpace: 'pre-line' });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'center',
  margin: `${vars.space.l} 0`,
});
/** The check-in page is used on a phone at the door: full-width controls, large type. */
export const checkInForm = style({ maxWidth: '30rem' });
globalStyle(`${checkInForm} input`, { width: '100%', fontSize: vars.font.sizeLead });
globalStyle(`${checkInForm} button`, { width: '100%' });

// Staff: the attendee table, usable on a tablet (large buttons, rows that wrap on a narrow screen).
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'flex-end',
  marginBottom: vars.space.l,
});
export const table = style({ width: '100%', borderCollapse: 'collapse' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  padding: `${vars.space.s} ${vars.space.s} ${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
  verticalAlign: 'top',
});
export const markButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s });
globalStyle(`${markButtons} button`, { marginBottom: 0, minHeight: '44px' });
export const counts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.xl}`,
  margin: `0 0 ${vars.space.l}`,
  padding: 0,
  listStyle: 'none',
  fontWeight: vars.font.weightBold,
});
export const formGrid = style({
  display: 'grid',
  gap: `0 ${vars.space.l}`,
  '@media': { [media.md]: { gridTemplateColumns: '1fr 1fr' } },
});
export const qr = style({ display: 'block', width: '16rem', maxWidth: '100%', height: 'auto' });
/** Printing the QR page: only the code and the event's name. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });
export const placePanel = style({
  padding: vars.space.l,
  marginBottom: vars.space.l,
  border: `5px solid ${vars.colour.success}`,
});
export const questions = style({ border: 'none', padding: 0, margin: `${vars.space.l} 0` });
export const question = style({
  padding: vars.space.m,
  marginBottom: vars.space.m,
  borderLeft: `5px solid ${vars.colour.border}`,
});
