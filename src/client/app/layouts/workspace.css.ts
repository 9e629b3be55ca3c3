import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';
import { focusRing } from '../../ui/focus.css';
import { navLink } from './shell.css';

/*
 * The hiring workspace (decision 0066): a narrow branded bar, the navigation down the side from the md
 * breakpoint (behind a Menu button below it) and the page beside it at the window's full width.
 */
export const workspace = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'auto auto 1fr auto',
  minHeight: '100vh',
  '@media': {
    [media.md]: {
      gridTemplateColumns: '11rem minmax(0, 1fr)',
      gridTemplateRows: 'auto 1fr auto',
      gridTemplateAreas: '"bar bar" "nav main" "nav footer"',
    },
  },
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  minWidth: 0,
  paddingInline: vars.space.m,
  paddingBlock: vars.space.xs,
  background: vars.brand.headerBackground,
  color: vars.brand.headerText,
  borderBottom: `4px solid ${vars.brand.secondary}`,
  '@media': { [media.md]: { gridArea: 'bar' } },
});

export const logo = style({
  display: 'block',
  // The organisation's logo at the bar's height, whatever its configured width.
  height: '2rem',
  width: 'auto',
  maxWidth: '40vw',
});

export const logoLink = style({
  display: 'inline-block',
  lineHeight: 0,
  selectors: { '&:focus-visible': focusRing },
});

/** The language links sit at the bar's end, on one line. */
export const barEnd = style({ marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: vars.space.m });
globalStyle(`${barEnd} nav`, { width: 'auto', order: 0 });

export const menuButton = style({
  padding: `${vars.space.xs} ${vars.space.s}`,
  border: `2px solid ${vars.brand.headerText}`,
  background: 'transparent',
  color: vars.brand.headerText,
  font: 'inherit',
  fontWeight: vars.font.weightBold,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
  '@media': { [media.md]: { display: 'none' } },
});

export const sideNav = style({
  background: vars.colour.panel,
  borderBottom: `1px solid ${vars.colour.border}`,
  '@media': {
    [media.md]: {
      gridArea: 'nav',
      borderBottom: 0,
      borderInlineEnd: `1px solid ${vars.colour.border}`,
    },
  },
});

export const navList = style({
  margin: 0,
  padding: `${vars.space.xs} 0`,
  listStyle: 'none',
  '@media': { [media.md]: { position: 'sticky', top: 0 } },
});
// Below the md breakpoint the list shows only once the Menu button opens it.
export const navListClosed = style({ display: 'none', '@media': { [media.md]: { display: 'block' } } });

export const sideLink = style([
  navLink,
  {
    display: 'block',
    paddingBlock: vars.space.xs,
    paddingInline: `${vars.space.m} ${vars.space.s}`,
    color: vars.colour.link,
    fontWeight: 'normal',
    borderInlineStart: '4px solid transparent',
    selectors: {
      '&:visited, &:hover': { color: vars.colour.link },
      '&[aria-current="page"]': {
        color: vars.colour.text,
        fontWeight: vars.font.weightBold,
        textDecoration: 'none',
        background: vars.colour.background,
        borderInlineStartColor: vars.brand.secondary,
      },
    },
  },
]);
// Sign out, the list's last item, reads like the links above it.
globalStyle(`${navList} li > button`, {
  display: 'block',
  width: '100%',
  textAlign: 'start',
  paddingBlock: vars.space.xs,
  paddingInline: `calc(${vars.space.m} + 4px) ${vars.space.s}`,
  color: vars.colour.link,
  fontWeight: 'normal',
});

export const main = style({
  minWidth: 0,
  paddingInline: vars.space.m,
  paddingBlock: vars.space.m,
  outline: 'none',
  '@media': { [media.md]: { gridArea: 'main', paddingInline: vars.space.l } },
});

// Dense headings: the work, not the titles, fills the screen.
globalStyle(`${main} h1`, { fontSize: vars.font.sizeLead, marginTop: 0, marginBottom: vars.space.s });
globalStyle(`${main} h2`, { fontSize: vars.font.sizeH3 });

export const footer = style({
  '@media': { [media.md]: { gridArea: 'footer' } },
});
