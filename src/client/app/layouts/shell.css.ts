import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';
import { focusRing } from '../../ui/focus.css';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.s,
  top: vars.space.s,
  zIndex: 1100,
  padding: vars.space.s,
  background: vars.colour.focus,
  color: vars.colour.focusText,
  // Off screen until focused, then the first thing a keyboard user sees (GOV.UK skip link).
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus, &:focus-visible': { ...focusRing, transform: 'none' },
    '&:visited': { color: vars.colour.focusText },
  },
});

export const header = style({
  background: vars.brand.headerBackground,
  color: vars.brand.headerText,
  borderBottom: `8px solid ${vars.brand.secondary}`,
});

const container = style({
  marginInline: 'auto',
  paddingInline: vars.space.m,
  '@media': { [media.sm]: { paddingInline: vars.space.xl } },
});

export const widths = styleVariants({
  page: [container, { maxWidth: `calc(${vars.measure.page} + 2 * ${vars.space.xl})` }],
  wide: [container, { maxWidth: `calc(${vars.measure.wide} + 2 * ${vars.space.xl})` }],
  full: [container, { maxWidth: 'none' }],
});

export const headerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `0 ${vars.space.l}`,
  paddingBlock: vars.space.s,
});

export const logoLink = style({
  display: 'inline-block',
  lineHeight: 0,
  selectors: { '&:focus-visible': focusRing },
});

export const logo = style({
  display: 'block',
  width: vars.brand.logoWidth,
  // Wide logos shrink on small screens rather than push the navigation off the page.
  maxWidth: '60vw',
  height: 'auto',
  margin: vars.brand.logoMargin,
});

export const navList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.l}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navLink = style({
  display: 'inline-block',
  paddingBlock: vars.space.xs,
  color: vars.brand.headerText,
  fontWeight: vars.font.weightBold,
  textDecoration: 'none',
  selectors: {
    '&:visited, &:hover': { color: vars.brand.headerText },
    '&:hover': { textDecoration: 'underline', textDecorationThickness: 3 },
    '&[aria-current="page"]': { textDecoration: 'underline', textDecorationThickness: 3, textUnderlineOffset: '0.3em' },
    '&:focus-visible': focusRing,
  },
});

export const main = style({
  flex: '1 0 auto',
  // A flex item with auto side margins would otherwise shrink to its content.
  width: '100%',
  paddingBlock: vars.space.xl,
  outline: 'none',
  '@media': { [media.md]: { paddingBlock: vars.space.xxl } },
});

export const narrowColumn = style({ '@media': { [media.md]: { maxWidth: '66%' } } });

export const footer = style({
  paddingBlock: vars.space.l,
  borderTop: `1px solid ${vars.colour.border}`,
  background: vars.colour.panel,
  color: vars.colour.text,
  fontSize: vars.font.sizeSmall,
});

export const footerList = style([navList, { marginBottom: vars.space.m }]);

export const footerButton = style({
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.colour.link,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const languages = style({ width: '100%', fontSize: vars.font.sizeSmall, order: -1 });

export const languageList = style([navList, { justifyContent: 'flex-end', gap: `0 ${vars.space.m}` }]);

export const languageLink = style({
  color: vars.brand.headerText,
  selectors: {
    '&:visited, &:hover': { color: vars.brand.headerText },
    '&:focus-visible': focusRing,
  },
});

export const languageCurrent = style({ fontWeight: vars.font.weightBold });
