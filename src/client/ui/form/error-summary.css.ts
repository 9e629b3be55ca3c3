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
/**
 * The items by the list's class, not one of their own: a long step's summary creates 300 of them at once. Those off
 * screen are neither styled inside, laid out nor painted until scrolled to (decision 0088): the summary takes focus in
 * the commit that creates it, so its 300 links were otherwise all styled and laid out then. Content visibility
 * contains paint, so the padding (taken back by the margins) keeps a focused link's ring inside its item; one line
 * of text (line height 1.3) is the size of an item not yet shown.
 */
globalStyle(`${errorSummaryList} > li`, {
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 1.3em',
  padding: '2px 3px 4px',
  margin: `-2px -3px calc(${vars.space.xs} - 4px)`,
});
globalStyle(`${errorSummaryList} a, ${errorSummaryList} a:visited, ${errorSummaryList} span`, {
  color: vars.colour.error,
  fontWeight: vars.font.weightBold,
});
globalStyle(`${errorSummaryList} a:focus-visible`, focusRing);
