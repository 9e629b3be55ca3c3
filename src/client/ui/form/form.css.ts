import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { controlFocusRing } from '../focus.css';

export const formGroup = style({ marginBottom: vars.space.xl });
/** A form group with an error: the GOV.UK red bar on its left (also given by CSS to a compiled question, 0090). */
export const formGroupErrorRule = { paddingLeft: vars.space.m, borderLeft: `5px solid ${vars.colour.error}` } as const;
export const formGroupError = style(formGroupErrorRule);

export const label = style({ display: 'block', marginBottom: vars.space.xs, fontWeight: vars.font.weightBold });
export const hint = style({ display: 'block', marginBottom: vars.space.m, color: vars.colour.secondaryText });
export const errorMessage = style({
  display: 'block',
  marginBottom: vars.space.m,
  color: vars.colour.error,
  fontWeight: vars.font.weightBold,
});

/** What every text control shares: the GOV.UK 2px border, no radius, the theme's text and focus ring. */
const control = {
  padding: vars.space.xs,
  border: `2px solid ${vars.colour.inputBorder}`,
  borderRadius: 0,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  color: vars.colour.text,
  backgroundColor: vars.colour.background,
  selectors: { '&:focus': controlFocusRing },
} as const;

export const input = style({ ...control, display: 'block', width: '100%', maxWidth: '30em', height: '2.5rem' });
export const select = style({ ...control, display: 'block', minWidth: '11.5em', maxWidth: '100%', height: '2.5rem' });
export const textarea = style({
  ...control,
  display: 'block',
  width: '100%',
  maxWidth: '40em',
  minHeight: '6.5em',
  lineHeight: 1.25,
  resize: 'vertical',
});
export const inputError = style({ borderColor: vars.colour.error });

export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });
export const legend = style({
  display: 'table',
  maxWidth: '100%',
  marginBottom: vars.space.s,
  padding: 0,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeH3,
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  marginBottom: vars.space.s,
  minHeight: 40,
});
export const choiceInput = style({
  flex: '0 0 auto',
  width: 32,
  height: 32,
  margin: 0,
  accentColor: vars.colour.text,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `3px solid ${vars.colour.focus}`,
      outlineOffset: 1,
      boxShadow: `0 0 0 6px ${vars.colour.focusText}`,
    },
  },
});
export const choiceLabel = style({ cursor: 'pointer' });
