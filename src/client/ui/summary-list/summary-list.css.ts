import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media } from '../media';

// GOV.UK summary list: a key, its value and an optional action per row; stacked on phones.
export const list = style({ margin: `0 0 ${vars.space.xl}`, padding: 0 });
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
  '@media': { [media.sm]: { flexDirection: 'row', gap: vars.space.l } },
});
export const key = style({
  margin: 0,
  fontWeight: vars.font.weightBold,
  '@media': { [media.sm]: { flex: '0 0 30%' } },
});
export const value = style({
  margin: 0,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  '@media': { [media.sm]: { flex: '1 1 auto' } },
});
export const action = style({ margin: 0, '@media': { [media.sm]: { flex: '0 0 auto', textAlign: 'right' } } });
