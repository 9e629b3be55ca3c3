import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import * as formStyles from '../../ui/form/form.css';
import { media } from '../../ui/media';
import { controlFocusRing, focusRing } from '../../ui/focus.css';

// Filters beside the results from the md breakpoint, above them on phones; hidden, the results take the width.
const layoutBase = style({ display: 'grid', gap: vars.space.m, gridTemplateColumns: 'minmax(0, 1fr)' });
export const layout = styleVariants({
  withFilters: [
    layoutBase,
    { '@media': { [media.md]: { gridTemplateColumns: 'minmax(14rem, 1fr) minmax(0, 4fr)', alignItems: 'start' } } },
  ],
  withoutFilters: [layoutBase],
});
export const results = style({ minWidth: 0 });

// One line of controls above the list (role, view, answers, filters, shortcuts), wrapping on phones.
export const toolbar = style({
  display: 'flex',
  minWidth: 0,
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.l}`,
  alignItems: 'center',
  marginBottom: vars.space.s,
});
export const toolbarField = style({ minWidth: 0, flex: '1 1 14rem', maxWidth: '30rem' });
/** The role choice with its label beside it. */
export const inlineField = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  minWidth: 0,
  flex: '0 1 30rem',
});
globalStyle(`${inlineField} > label`, { margin: 0 });
globalStyle(`${inlineField} > select`, { height: '2.25rem', paddingBlock: 0 });
globalStyle(`${toolbar} p, ${toolbar} ul`, { margin: 0 });

// The design system's select and label; a select here fills its toolbar slot.
export const select = style([formStyles.select, { width: '100%', minWidth: '12rem', maxWidth: '30rem' }]);
export const label = formStyles.label;

// Stage tabs and substage tabs: links (each is an address), compact and wrapping.
export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: 2,
  margin: `0 0 ${vars.space.xs}`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeSmall,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const subTabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.xs}`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeSmall,
});
const tabBase = style({
  display: 'inline-block',
  padding: `${vars.space.xs} ${vars.space.s}`,
  color: vars.colour.link,
  textDecoration: 'underline',
  border: '1px solid transparent',
  selectors: { '&:focus-visible': focusRing },
});
export const tab = styleVariants({
  idle: [tabBase, { backgroundColor: vars.colour.panel }],
  current: [
    tabBase,
    {
      color: vars.colour.text,
      textDecoration: 'none',
      backgroundColor: vars.colour.background,
      border: `1px solid ${vars.colour.border}`,
      borderBottomColor: vars.colour.background,
      marginBottom: -1,
      fontWeight: vars.font.weightBold,
    },
  ],
});
export const subTab = styleVariants({
  idle: [tabBase, { padding: `2px ${vars.space.s}` }],
  current: [
    tabBase,
    {
      padding: `2px ${vars.space.s}`,
      color: vars.colour.text,
      textDecoration: 'none',
      fontWeight: vars.font.weightBold,
      borderBottom: `4px solid ${vars.brand.secondary}`,
    },
  ],
});

export const filters = style({ padding: vars.space.m, backgroundColor: vars.colour.panel });
export const filterSection = style({ marginBottom: vars.space.m });
export const filterSummary = style({
  cursor: 'pointer',
  fontWeight: vars.font.weightBold,
  padding: `${vars.space.xs} 0`,
  selectors: { '&:focus-visible': focusRing },
});
export const rangeRow = style({ display: 'flex', gap: vars.space.m, flexWrap: 'wrap' });
export const narrowInput = style({ maxWidth: '6em' });

// The table scrolls inside its own focusable region: sideways on narrow screens and, from the md breakpoint,
// down within the window's height under a sticky header (decision 0066).
// position: relative keeps visually hidden (absolute) texts inside the scrolling box, so they do not widen the page.
export const tableRegion = style({
  position: 'relative',
  overflowX: 'auto',
  marginBottom: vars.space.m,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.colour.focus}` } },
  '@media': { [media.md]: { overflowY: 'auto', maxHeight: '100vh' } },
});
export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.font.sizeSmall,
});
export const th = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  textAlign: 'left',
  verticalAlign: 'bottom',
  padding: `${vars.space.xs} ${vars.space.s} ${vars.space.xs} ${vars.space.xs}`,
  background: vars.colour.background,
  borderBottom: `2px solid ${vars.colour.text}`,
  whiteSpace: 'nowrap',
});
// One line a row: about 29 px, so 15 rows and more fill a laptop screen under the page's controls.
export const td = style({
  padding: `3px ${vars.space.s} 3px ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.colour.border}`,
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
  lineHeight: 1.25,
});
export const rowHeader = style({ textAlign: 'left', fontWeight: 'normal' });
/** A row: a tint under the pointer, a bar at its start while it holds the keyboard focus. */
export const row = style({
  selectors: {
    '&:hover': { backgroundColor: vars.colour.panel },
    '&:focus-within': { boxShadow: `inset 4px 0 0 ${vars.brand.secondary}` },
  },
});
export const selectedRow = style({
  backgroundColor: '#f8f8e8',
  selectors: { '&:hover': { backgroundColor: '#efefd0' } },
});
/** The name: the row's link and its keyboard stop; clear of the sticky header and the selection bar when focused. */
export const rowLink = style({ scrollMarginTop: '2.5rem' });
/** A cell's text on one line, cut with an ellipsis past 16em. */
export const line = style({
  display: 'block',
  maxWidth: '16em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});
export const sortButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontWeight: vars.font.weightBold,
  color: vars.colour.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
export const checkbox = style({
  width: 20,
  height: 20,
  verticalAlign: 'middle',
  margin: 0,
  accentColor: vars.colour.text,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.colour.focus}`, outlineOffset: 1 } },
});

// The selection bar follows the table (ticking a row never moves the rows). With rows ticked it is a
// bar at the bottom of the window, over the rows, from the md breakpoint (on phones it would hide them).
const selectionBarBase = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.s} ${vars.space.m}`,
  alignItems: 'flex-end',
  marginBottom: vars.space.m,
});
export const selectionBar = styleVariants({
  idle: [selectionBarBase],
  active: [
    selectionBarBase,
    {
      padding: vars.space.m,
      border: `2px solid ${vars.colour.text}`,
      backgroundColor: vars.colour.background,
      '@media': { [media.md]: { position: 'sticky', bottom: 0, zIndex: 5 } },
    },
  ],
});
export const selectionNote = style({ margin: 0, flexBasis: '100%' });
export { linkButton } from '../../ui/link/link-button.css';
export const pageSize = style({
  display: 'flex',
  gap: vars.space.s,
  alignItems: 'center',
  flexWrap: 'wrap',
  marginBottom: vars.space.m,
});

// The board: one column per stage, scrolling sideways; cards stack in a column.
export const board = style({
  position: 'relative',
  display: 'flex',
  gap: vars.space.m,
  overflowX: 'auto',
  paddingBottom: vars.space.m,
  alignItems: 'flex-start',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.colour.focus}` } },
});
export const column = style({
  flex: '0 0 16rem',
  minWidth: '16rem',
  padding: vars.space.s,
  backgroundColor: vars.colour.panel,
  border: '3px solid transparent',
});
export const columnTarget = style({ borderColor: vars.colour.focus, borderStyle: 'dashed' });
export const columnTitle = style({ fontSize: vars.font.sizeBody, margin: `0 0 ${vars.space.s}` });
export const cards = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minHeight: '3rem',
});
export const card = style({
  padding: vars.space.s,
  backgroundColor: vars.colour.background,
  border: `1px solid ${vars.colour.border}`,
});
export const cardLifted = style({
  outline: `3px solid ${vars.colour.focus}`,
  boxShadow: `0 0 0 6px ${vars.colour.focusText}`,
});
export const cardActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  marginTop: vars.space.s,
  position: 'relative',
});
export const handle = style({
  padding: `2px ${vars.space.s}`,
  border: `1px solid ${vars.colour.text}`,
  background: vars.colour.buttonSecondary,
  font: 'inherit',
  fontSize: vars.font.sizeSmall,
  color: vars.colour.text,
  cursor: 'grab',
  selectors: { '&:focus-visible': controlFocusRing },
});
export const menuAnchor = style({ position: 'relative' });
export const menu = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  zIndex: 10,
  minWidth: '14rem',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  backgroundColor: vars.colour.background,
  border: `2px solid ${vars.colour.text}`,
});
export const menuItem = style({
  display: 'block',
  width: '100%',
  padding: vars.space.xs,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontSize: vars.font.sizeSmall,
  textAlign: 'left',
  color: vars.colour.text,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': focusRing,
    '&:hover': { backgroundColor: vars.colour.panel },
    '&:disabled': { color: vars.colour.secondaryText, cursor: 'default' },
  },
});
export const muted = style({ color: vars.colour.secondaryText, fontSize: vars.font.sizeSmall, margin: 0 });

// Role list.
export const roleList = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderTop: `1px solid ${vars.colour.border}`,
});
export const roleItem = style({ padding: `${vars.space.m} 0`, borderBottom: `1px solid ${vars.colour.border}` });
export const roleTitle = style({ fontSize: vars.font.sizeH3, marginBottom: vars.space.xs });
export const facts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.l}`,
  margin: `0 0 ${vars.space.s}`,
  padding: 0,
  listStyle: 'none',
  color: vars.colour.secondaryText,
});
export const stageCounts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.s}`,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.font.sizeSmall,
});
export const stageCount = style({ padding: `2px ${vars.space.s}`, backgroundColor: vars.colour.panel });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.s} ${vars.space.l}`,
  alignItems: 'baseline',
});
// The view switch and page-size choice use the managed lists' tab row.
export { statusTabs } from '../../ui/listing/list-controls.css';

// Candidate page.
export const candidateLayout = style({
  display: 'grid',
  // One column on phones that never grows past the screen for a wide child (tables scroll in their own box).
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  '@media': { [media.md]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});
export const section = style({ marginBottom: vars.space.xl, minWidth: 0 });
export const history = style({ margin: 0, padding: 0, listStyle: 'none' });
export const historyItem = style({ padding: `${vars.space.s} 0`, borderBottom: `1px solid ${vars.colour.border}` });
export const undone = style({ textDecoration: 'line-through', color: vars.colour.secondaryText });
export const noteList = style({ margin: `0 0 ${vars.space.m}`, padding: 0, listStyle: 'none' });
export const noteItem = style({
  padding: `${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const textarea = style({
  display: 'block',
  width: '100%',
  minHeight: '5rem',
  padding: vars.space.xs,
  border: `2px solid ${vars.colour.inputBorder}`,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  selectors: { '&:focus': controlFocusRing },
});
export const inlineFields = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'flex-end',
  marginBottom: vars.space.l,
});
// Fields and buttons side by side line up on their bottom edge: their own bottom margins go.
globalStyle(`${inlineFields} > div, ${inlineFields} > button, ${selectionBarBase} > div`, { marginBottom: 0 });
// A row's controls scroll clear of the bar over the rows when they take the keyboard focus (WCAG 2.4.11).
globalStyle(`${tableRegion} a, ${tableRegion} input`, {
  '@media': { [media.md]: { scrollMarginBottom: '16rem' } },
});

// Fast-track: a group of its own in the selection bar.
export const fastTrack = style({
  flexBasis: '100%',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.m,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});
export const plainList = style({
  listStyle: 'none',
  margin: `0 0 ${vars.space.m}`,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
});
/** A select with its button beside it (the candidate's events). */
export const inlineForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'flex-end',
  marginTop: vars.space.m,
});
// A field with long choices shrinks to the screen instead of widening the page.
globalStyle(`${inlineForm} > *, ${inlineFields} > *`, { minWidth: 0, maxWidth: '100%' });
/** A message's text as sent: its line breaks kept. */
export const preserveLines = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: `${vars.space.s} 0 0` });
/** What a move will send: a bordered note in the move form or dialog. */
export const stageMessage = style({
  margin: `${vars.space.m} 0`,
  padding: vars.space.s,
  borderInlineStart: `5px solid ${vars.colour.focus}`,
});

// The shortcut help.
export const shortcutTable = style({ borderCollapse: 'collapse', width: '100%', marginBlock: vars.space.m });
globalStyle(`${shortcutTable} th, ${shortcutTable} td`, {
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.s} ${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const shortcutCaption = style({ textAlign: 'left', fontWeight: vars.font.weightBold });
export const kbd = style({
  display: 'inline-block',
  minWidth: '1.6em',
  padding: '0 4px',
  border: `1px solid ${vars.colour.text}`,
  borderBottomWidth: 2,
  fontFamily: 'inherit',
  textAlign: 'center',
});
export const shortcutSwitch = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
