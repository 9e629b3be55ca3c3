import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing } from '../focus.css';
import { media } from '../media';
import { vars } from '../theme.css';

export const errorSummary = style({
  marginBottom: vars.space.xl,
  padding: vars.space.m,
  border: `5px solid ${vars.colour.error}`,
  '@media': { [media.sm]: { padding: vars.space.l } },
  selectors: { '&:focus': { outline: `3px solid ${vars.colour.focus}`, outlineOffset: 0 } },
});
export const errorSummaryTitle = style({ marginTop: 0, marginBottom: vars.space.m, fontSize: vars.font.sizeH3 });
export const errorSummaryList = style({ margin: 0, padding: 0, listStyle: 'none' });
// The items by the list's class, not one of their own: a long step's summary creates 300 of them at once.
globalStyle(`${errorSummaryList} > li`, { marginBottom: vars.space.xs });
globalStyle(`${errorSummaryList} a, ${errorSummaryList} a:visited, ${errorSummaryList} span`, {
  color: vars.colour.error,
  fontWeight: vars.font.weightBold,
});
globalStyle(`${errorSummaryList} a:focus-visible`, focusRing);
