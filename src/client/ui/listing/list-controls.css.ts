import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { focusRing } from '../focus.css';

/** The status tabs above a managed list (active / archived): links, the current one underlined in the brand colour. */
export const statusTabs = style({
  display: 'flex',
  gap: vars.space.m,
  flexWrap: 'wrap',
  margin: `0 0 ${vars.space.m}`,
  padding: 0,
  listStyle: 'none',
});
const tabBase = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.s}`,
  color: vars.colour.link,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': focusRing },
});
export const tab = styleVariants({
  idle: [tabBase],
  current: [
    tabBase,
    {
      color: vars.colour.text,
      textDecoration: 'none',
      fontWeight: vars.font.weightBold,
      borderBottom: `4px solid ${vars.brand.secondary}`,
    },
  ],
});

/** The search field and its button side by side, lined up on their bottom edge. */
export const searchBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'flex-end',
  marginBottom: vars.space.l,
});
globalStyle(`${searchBar} > div, ${searchBar} > button`, { marginBottom: 0 });
