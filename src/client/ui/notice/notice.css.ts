import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

// GOV.UK inset text, warning text and notification banner.
export const kinds = styleVariants({
  inset: { margin: `${vars.space.l} 0`, padding: vars.space.m, borderLeft: `10px solid ${vars.colour.border}` },
  warning: {
    margin: `${vars.space.l} 0`,
    padding: vars.space.m,
    borderLeft: `10px solid ${vars.colour.text}`,
    fontWeight: vars.font.weightBold,
  },
  banner: {
    margin: `0 0 ${vars.space.xl}`,
    border: `5px solid ${vars.brand.secondary}`,
    backgroundColor: vars.colour.background,
  },
  success: {
    margin: `0 0 ${vars.space.xl}`,
    border: `5px solid ${vars.colour.success}`,
    backgroundColor: vars.colour.background,
  },
});
const bannerTitle = style({
  margin: 0,
  padding: `2px ${vars.space.m} 5px`,
  fontSize: vars.font.sizeBody,
  fontWeight: vars.font.weightBold,
  color: '#ffffff',
});
export const bannerTitles = styleVariants({
  banner: [bannerTitle, { backgroundColor: vars.brand.secondary, color: vars.brand.onSecondary }],
  success: [bannerTitle, { backgroundColor: vars.colour.success }],
});
export const bannerBody = style({ padding: vars.space.m });

// GOV.UK confirmation panel: the outcome of a completed transaction.
export const panel = style({
  margin: `0 0 ${vars.space.xl}`,
  padding: vars.space.l,
  textAlign: 'center',
  color: '#ffffff',
  backgroundColor: vars.colour.success,
});
export const panelTitle = style({ marginTop: 0, color: '#ffffff' });
