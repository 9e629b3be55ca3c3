import { style } from '@vanilla-extract/css';
import { colours as tagColours } from '../../ui/tag/tag.css';
import { vars } from '../../ui/theme.css';
import { focusRing } from '../../ui/focus.css';

export const heading = style({ outline: 'none' });

// GOV.UK back link and summary list: the design system's.
export { backLink } from '../../ui/link/back-link.css';
export {
  list as summaryList,
  row as summaryRow,
  key as summaryKey,
  value as summaryValue,
  action as summaryActions,
} from '../../ui/summary-list/summary-list.css';

// Above a step's heading: "Section 2 of 6" (GOV.UK caption) and the way to every section.
export const stepPosition = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.m}`,
  color: vars.colour.secondaryText,
  marginBottom: vars.space.xs,
});

export const progressHeading = style({ fontSize: vars.font.sizeH3, marginBottom: vars.space.s });

// GOV.UK task list: the name of each section, its status on the right.
export const taskList = style({
  margin: `0 0 ${vars.space.xl}`,
  padding: 0,
  listStyle: 'none',
  borderTop: `1px solid ${vars.colour.border}`,
});
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

export const tags = { notStarted: tagColours.grey, inProgress: tagColours.blue, problem: tagColours.red };

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
