import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { focusRing } from '../focus.css';

/* GOV.UK error summary, password rules, inline status and check-box styles for account forms. */

export const rules = style({ margin: `0 0 ${vars.space.m}`, paddingLeft: 0, listStyle: 'none' });
export const rule = style({ display: 'flex', gap: vars.space.s, alignItems: 'baseline' });
export const ruleMet = style({ color: vars.colour.success });
export const ruleNotMet = style({ color: vars.colour.secondaryText });
export const ruleMark = style({ display: 'inline-block', width: '1.2em', fontWeight: vars.font.weightBold });

export const inlineStatus = style({ display: 'block', marginTop: `-${vars.space.s}`, marginBottom: vars.space.l });
export const statusOk = style({ color: vars.colour.success, fontWeight: vars.font.weightBold });

// A line of its own, so the form's next button never sits beside it.
export const showButton = style({
  display: 'block',
  marginTop: `-${vars.space.m}`,
  marginBottom: vars.space.l,
  padding: `${vars.space.xs} 0`,
  border: 0,
  background: 'none',
  color: vars.colour.link,
  textDecoration: 'underline',
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
