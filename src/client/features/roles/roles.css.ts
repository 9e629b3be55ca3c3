import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';

// Filters beside the results from the md breakpoint; above them, folded, on phones.
export const layout = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [media.md]: { gridTemplateColumns: 'minmax(16rem, 1fr) 2fr', alignItems: 'start' } },
});
export const filters = style({ padding: vars.space.m, backgroundColor: vars.colour.panel });
export const filterSummary = style({ cursor: 'pointer', fontWeight: vars.font.weightBold, marginBottom: vars.space.m });
export const results = style({ minWidth: 0 });
/**
 * The way to apply, under the role's summary, so it is in view when the page opens. On phones it
 * then sticks to the top of the screen while the candidate reads the rest of the role; from the md
 * breakpoint it stays in the page.
 */
export const applyBar = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'baseline',
  margin: `${vars.space.l} 0`,
  padding: `${vars.space.s} 0`,
  backgroundColor: vars.colour.background,
  borderBottom: `1px solid ${vars.colour.border}`,
  '@media': { [media.md]: { position: 'static', padding: 0, borderBottom: 'none' } },
});
