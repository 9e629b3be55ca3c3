import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { focusRing } from '../../ui/focus.css';
import { media } from '../../ui/media';

export const heading = style({ outline: 'none' });

// GOV.UK back link: a small link with a chevron, above the page heading.
export const backLink = style({
  display: 'inline-block',
  position: 'relative',
  marginBottom: vars.space.l,
  paddingLeft: '14px',
  fontSize: vars.font.sizeSmall,
  color: vars.colour.text,
  selectors: {
    '&:visited': { color: vars.colour.text },
    '&::before': {
      content: '""',
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: '3px',
      width: '7px',
      height: '7px',
      margin: 'auto 0',
      transform: 'rotate(225deg)',
      borderStyle: 'solid',
      borderColor: 'currentColor',
      borderWidth: '1px 1px 0 0',
    },
    '&:focus-visible': focusRing,
  },
});

export const progressHeading = style({ fontSize: vars.font.sizeH3, marginBottom: vars.space.s });

// GOV.UK task list: the name of each section, its status on the right.
export const taskList = style({ margin: `0 0 ${vars.space.xl}`, padding: 0, listStyle: 'none', borderTop: `1px solid ${vars.colour.border}` });
export const taskItem = style({
  position: 'relative',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.s,
  padding: `${vars.space.m} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.colour.border}`,
  selectors: { '&:hover': { backgroundColor: vars.colour.panel } },
});
// The link covers the whole row, as GOV.UK's does, so the row is one big target.
export const taskLink = style({
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
  },
});
export const taskStatus = style({ color: vars.colour.text });

const tagBase = style({
  display: 'inline-block',
  padding: '2px 8px 3px',
  fontSize: vars.font.sizeSmall,
  lineHeight: 1.25,
});
export const tags = styleVariants({
  notStarted: [tagBase, { color: '#282d30', backgroundColor: '#e5e6e7' }],
  inProgress: [tagBase, { color: '#0c2d4a', backgroundColor: '#d2e2f1' }],
  problem: [tagBase, { color: '#2a0b06', backgroundColor: '#f4d7d2' }],
});

// GOV.UK summary list: question, answer and a Change link per row.
export const summaryList = style({ margin: `0 0 ${vars.space.xl}`, padding: 0 });
export const summaryRow = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
  '@media': { [media.sm]: { flexDirection: 'row', gap: vars.space.l } },
});
export const summaryKey = style({
  margin: 0,
  fontWeight: vars.font.weightBold,
  '@media': { [media.sm]: { flex: '0 0 30%' } },
});
export const summaryValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  '@media': { [media.sm]: { flex: '1 1 auto' } },
});
export const summaryActions = style({
  margin: 0,
  '@media': { [media.sm]: { flex: '0 0 auto', textAlign: 'right' } },
});
export const groupHeading = style({ fontSize: vars.font.sizeH3, marginTop: vars.space.l });

export const buttonLink = style({
  display: 'inline-block',
  padding: '8px 10px 7px',
  marginBottom: vars.space.l,
  backgroundColor: vars.brand.secondary,
  color: vars.brand.onSecondary,
  textDecoration: 'none',
  boxShadow: `0 2px 0 color-mix(in srgb, ${vars.brand.secondary} 45%, black)`,
  selectors: {
    '&:visited, &:hover': { color: vars.brand.onSecondary },
    '&:focus-visible': { ...focusRing, boxShadow: `0 2px 0 ${vars.colour.focusText}` },
  },
});
